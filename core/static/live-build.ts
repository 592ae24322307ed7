/**
 * The file a finished build leaves in its folder (scripts/build/build-folders.ts writes it; a folder without it is
 * no build to switch to). The server reads it to record when the live build was made and how long it took
 * (server/system/build-record.ts).
 */
export const LIVE_BUILD_MARKER = '.live-build.json';

/** What the marker says of its build. */
export interface LiveBuildMarker {
  id: string;
  finishedAt: string;
  /** how long the build took; 0 when unknown (a folder adopted as a build) */
  seconds: number;
}

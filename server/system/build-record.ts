import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LIVE_BUILD_MARKER, type LiveBuildMarker } from '../../core/static/live-build.ts';
import type { SystemStore } from './system-store.ts';

/** The marker of the build in `root`, or undefined when it has none or it cannot be read (a folder served as it is). */
export function liveBuildOf(root: string): LiveBuildMarker | undefined {
  try {
    const marker = JSON.parse(readFileSync(join(root, LIVE_BUILD_MARKER), 'utf8')) as Partial<LiveBuildMarker>;
    if (typeof marker.id !== 'string' || typeof marker.finishedAt !== 'string' || Number.isNaN(Date.parse(marker.finishedAt))) return undefined;
    return { id: marker.id, finishedAt: marker.finishedAt, seconds: typeof marker.seconds === 'number' ? marker.seconds : 0 };
  } catch {
    return undefined;
  }
}

/**
 * A build this instance serves, recorded once as the event 'build' (when it finished, how long it took, its id) for
 * the System screen and /metrics: called at start and when the server first answers from a new live build
 * (`npm run build`, or the studio's publish). Each instance records the builds it serves: each makes its own.
 */
export async function recordLiveBuild(store: SystemStore, root: string, instance: string): Promise<void> {
  const build = liveBuildOf(root);
  if (!build) return;
  const last = await store.lastEvent('build');
  if (last && last.instance === instance && last.detail.id === build.id) return;
  await store.record('build', instance, { id: build.id, seconds: build.seconds }, new Date(build.finishedAt));
}

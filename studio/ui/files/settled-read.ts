import { api, type SiteFile } from './api.ts';

export function parses(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

export const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

/**
 * How long a file that does not parse is read again before the studio believes it: an editor's save truncates the
 * file and writes it a moment later (VS Code), and the half-written file is never what the person meant.
 */
export const SETTLE_TRIES = [50, 100, 200, 400, 800, 1500];

/** A site file as it is on disk, read again while it does not parse (a save under way), for up to ~3 s. */
export async function readSettled(path: string): Promise<SiteFile> {
  let file = await api.file(path);
  for (const wait of SETTLE_TRIES) {
    if (parses(file.text)) return file;
    await sleep(wait);
    file = await api.file(path);
  }
  return file;
}

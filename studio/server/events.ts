import type { ServerResponse } from 'node:http';
import { basename, relative, sep } from 'node:path';
import { isSiteFile, PUBLIC_DIR } from '../../core/site/layout.ts';
import type { StudioEvent } from '../../core/studio/contract.ts';
import type { SiteFiles } from './site-files.ts';

/**
 * Server-sent events for the studio: the path of each site file that changed on disk, whoever changed it (never one
 * reached through a link), and each file of public/ added, changed or taken away.
 */
/** The host's watcher of the site's files (Vite's in the dev server): it calls back with a file's full path. */
export interface FileWatcher {
  on(kind: 'change' | 'add' | 'unlink', listener: (file: string) => void): unknown;
  off(kind: 'change' | 'add' | 'unlink', listener: (file: string) => void): unknown;
}

export function studioEvents(watcher: FileWatcher, res: ServerResponse, siteRoot: string, files: SiteFiles) {
  res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store', Connection: 'keep-alive' });
  res.write('retry: 1000\n\n');
  const event = (data: StudioEvent) => res.write(`data: ${JSON.stringify(data)}\n\n`);
  const onChange = (file: string) => {
    const path = relative(siteRoot, file).split(sep).join('/');
    if (isSiteFile(path)) {
      if (files.unlinked(path)) event({ path });
    }
    // a file added to public/ or taken away: the list of files and the "not found" problems change
    else if (path.startsWith(`${PUBLIC_DIR}/`) && !basename(path).startsWith('.')) event({ asset: path.slice(PUBLIC_DIR.length) });
  };
  const kinds = ['change', 'add', 'unlink'] as const;
  for (const kind of kinds) watcher.on(kind, onChange);
  res.on('close', () => {
    for (const kind of kinds) watcher.off(kind, onChange);
  });
}

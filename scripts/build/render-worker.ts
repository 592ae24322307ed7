import { parentPort } from 'node:worker_threads';
import { createPageRenderer, loadEntry, type EntryLoad, type LoadedEntry, type PageRenderer, type RenderSetup } from './render-pages.ts';

/**
 * One render worker (render-pool.ts starts one per core). It starts while the bundles are being built, loads the
 * server entry as soon as it is built (a load message, while Vite may still build the client files), then gets the
 * setup (where the pages go, the client files they link), answers that it is ready (one worker with the entry's
 * facts), and renders each chunk of routes it is sent.
 */
export type ToWorker = { load: EntryLoad } | { setup: RenderSetup; answer: boolean } | { chunk: number; paths: string[] };
export type FromWorker =
  { ready: ReturnType<PageRenderer['facts']> | null } | { chunk: number; report: Awaited<ReturnType<PageRenderer['renderChunk']>> } | { failed: string };

const port = parentPort;
if (!port) throw new Error('render-worker.ts runs as a worker thread (see render-pool.ts)');
let renderer: PageRenderer | undefined;
/** the server entry, loading since a load message (render-pool.ts: while Vite still builds the client files) */
let loaded: Promise<LoadedEntry> | undefined;
const send = (message: FromWorker) => port.postMessage(message);
const failed = (error: unknown) => send({ failed: error instanceof Error ? (error.stack ?? error.message) : String(error) });

port.on('message', (message: ToWorker) => {
  if ('load' in message) {
    loaded = loadEntry(message.load);
    loaded.catch(() => {}); // reported by the setup that awaits it
    return;
  }
  if ('setup' in message) {
    createPageRenderer(message.setup, loaded)
      .then((created) => {
        renderer = created;
        send({ ready: message.answer ? created.facts() : null });
      })
      .catch(failed);
    return;
  }
  if (!renderer) return failed(new Error('a chunk came before the setup'));
  renderer
    .renderChunk(message.paths)
    .then((report) => send({ chunk: message.chunk, report }))
    .catch(failed);
});

import { parentPort } from 'node:worker_threads';
import { createPageRenderer, type PageRenderer, type RenderSetup } from './render-pages.ts';

/**
 * One render worker (render-pool.ts starts one per core). It starts while the bundles are being built, then
 * gets the setup (the server entry is built by then), answers with the entry's facts, and renders each chunk
 * of routes it is sent.
 */
export type ToWorker = { setup: RenderSetup } | { chunk: number; paths: string[] };
export type FromWorker =
  | { ready: Awaited<ReturnType<typeof createPageRenderer>>['facts'] }
  | { chunk: number; report: Awaited<ReturnType<PageRenderer['renderChunk']>> }
  | { failed: string };

const port = parentPort;
if (!port) throw new Error('render-worker.ts runs as a worker thread (see render-pool.ts)');
let renderer: PageRenderer | undefined;
const send = (message: FromWorker) => port.postMessage(message);
const failed = (error: unknown) => send({ failed: error instanceof Error ? (error.stack ?? error.message) : String(error) });

port.on('message', (message: ToWorker) => {
  if ('setup' in message) {
    createPageRenderer(message.setup)
      .then((created) => {
        renderer = created;
        send({ ready: created.facts });
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

import type { IncomingMessage, ServerResponse } from 'node:http';
import { LEASE_HEADER, LEASE_TTL_MS, LEASES_API, type LeaseHolder, type LeaseRequestBody, type LeaseWireAnswer } from '../core/studio/contract.ts';
import { readBody, send } from '../studio/server/http.ts';
import type { WriteGuard } from '../studio/server/site-api.ts';
import { requestEditor, type Editor, type StudioDoor } from './studio-door.ts';

/**
 * Two editors on one file: the studio tab that opens a file takes its lease, keeps it with a heartbeat and lets it go
 * when it moves on or closes; another tab is told who has it (and reads along) until it is free or they take it over.
 * The leases are in the back office's database, so this holds across server instances.
 */
export function fileLeases(door: StudioDoor) {
  const answers = (pathname: string) => pathname === LEASES_API || pathname.startsWith(`${LEASES_API}/`);
  async function api(req: IncomingMessage, res: ServerResponse, editor: Editor, pathname: string): Promise<void> {
    if (req.method !== 'POST') return send(res, 405, { error: 'method not allowed' });
    const body = (await readBody(req)) as Partial<LeaseRequestBody>;
    const path = typeof body.path === 'string' ? body.path : '';
    const leaseId = typeof body.leaseId === 'string' ? body.leaseId : '';
    if (!path || !/^[A-Za-z0-9_-]{8,64}$/.test(leaseId)) return send(res, 400, { error: 'a path and a lease id, please' });
    const action = pathname.slice(LEASES_API.length);
    if (action === '/renew') return send(res, 200, { held: await door.leases.renew(path, leaseId, LEASE_TTL_MS) });
    if (action === '/release') return send(res, 200, { released: await door.leases.release(path, leaseId) });
    if (action !== '') return send(res, 404, { error: 'not found' });
    const request = { path, leaseId, userId: editor.email, ttlMs: LEASE_TTL_MS, takeOver: body.takeOver === true };
    let answer = await door.leases.take(request);
    // the same person in another tab (or this one reloaded): theirs, without asking; but a tab it was just taken from
    // does not take it back, or two tabs of one person would take it from each other at every heartbeat
    if (!answer.held && answer.holder?.userId === editor.email && body.afterLoss !== true) answer = await door.leases.take({ ...request, takeOver: true });
    // a take (not one that only looks) ends held or with a holder; the type allows neither
    if (!answer.held && !answer.holder) return send(res, 503, { error: 'the file changed hands while it was asked for; ask again' });
    send(
      res,
      200,
      (answer.held ? { held: true } : { held: false, holder: { email: answer.holder.userId, since: answer.holder.takenAt } }) satisfies LeaseWireAnswer,
    );
  }
  return { answers, api };
}

/** The tab a write comes from, as its header names it (the studio's page sends it with every write). */
const tabOf = (req: IncomingMessage): string => {
  const value = req.headers[LEASE_HEADER];
  return typeof value === 'string' ? value : '';
};

/**
 * The writes of the studio behind the back office, guarded by the leases: a file is written for the person whose tab
 * holds it, for the same person's other tab (as before: their tabs pass the file between them without asking), and
 * for anyone while no one holds it; never for another person while one holds it. Each version a write saves is noted
 * in the writer's name, so an edit made on a version older than another person's save is refused, not replayed.
 */
export function writeGuard(door: StudioDoor): WriteGuard {
  return {
    who: () => requestEditor.getStore()?.email,
    async holder(req, path): Promise<LeaseHolder | undefined> {
      const editor = requestEditor.getStore();
      if (!editor) return undefined;
      const answer = await door.leases.take({ path, leaseId: tabOf(req), userId: editor.email, ttlMs: LEASE_TTL_MS, lookOnly: true });
      if (answer.held || !answer.holder || answer.holder.userId === editor.email) return undefined;
      return { email: answer.holder.userId, since: answer.holder.takenAt };
    },
  };
}

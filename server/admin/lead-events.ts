import { LEAD_EVENT } from '../../core/admin/contract.ts';
import type { StaffStore } from '../staff/store/staff-store.ts';
import type { Storage } from '../storage/types.ts';
import { answerStream, route, type AdminContext, type Answered, type RouteSpec, type SignedIn } from './routes.ts';

/**
 * New leads in an open inbox within seconds (issue 50), as server-sent events in the studio's style
 * (studio/server/events.ts). Several server instances share one database, and a lead may arrive at any of them: the
 * stream asks the database for the newest lead's id every 2 s (one row from the (created_at, id) index) rather than
 * hearing of a lead in this process alone, and sends `event: lead` when it changed. The event carries nothing (`{}`):
 * the page asks for the list as it always does, through its permission check.
 *
 * The stream stays open (no reconnect every few minutes), so an inbox left open does not keep its session alive past
 * its idle time: the session is read, never touched, on each poll, and the stream ends once it is over. The browser's
 * EventSource then finds the route refused (401) and stops.
 */
export const LEAD_EVENTS_POLL_MS = 2000;

/** A comment line now and then, so that a proxy between does not take a quiet stream for a dead one. */
const KEEP_ALIVE_POLLS = 10;

interface EventDeps {
  storage: Storage;
  staff: StaffStore;
}

/** Whether the session the stream was opened with is still live: not ended, not past its idle or absolute time. */
async function sessionLive(staff: StaffStore, who: SignedIn): Promise<boolean> {
  const now = staff.now().getTime();
  const session = (await staff.listSessions(who.user.id)).find((s) => s.id === who.session.id);
  return !!session && Date.parse(session.idleExpiresAt) > now && Date.parse(session.absoluteExpiresAt) > now;
}

function leadEvents(c: AdminContext, who: SignedIn, deps: EventDeps, pollMs: number): Answered<Blob> {
  const encoder = new TextEncoder();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let open = true;
  const stop = () => {
    open = false;
    clearTimeout(timer);
  };
  c.req.raw.signal.addEventListener('abort', stop);
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      const send = (text: string) => open && controller.enqueue(encoder.encode(text));
      let newest = await deps.storage.newestLeadId();
      send('retry: 2000\n\n');
      let polls = 0;
      const poll = async () => {
        try {
          if (!(await sessionLive(deps.staff, who))) {
            stop();
            controller.close();
            return;
          }
          const now = await deps.storage.newestLeadId();
          if (now !== newest) send(`event: ${LEAD_EVENT}\ndata: {}\n\n`);
          else if (++polls % KEEP_ALIVE_POLLS === 0) send(': still here\n\n');
          newest = now;
        } catch {
          // the database busy for a moment: the next poll asks again
        }
        if (open) timer = setTimeout(() => void poll(), pollMs);
      };
      timer = setTimeout(() => void poll(), pollMs);
    },
    cancel: stop,
  });
  return answerStream(c, body, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store', 'X-Accel-Buffering': 'no' });
}

/** The inbox's events: for whoever may read leads. */
export function leadEventRoutes(deps: EventDeps, pollMs = LEAD_EVENTS_POLL_MS): RouteSpec[] {
  return [route('GET /lead-events', { permission: 'leads', handler: (c, who) => leadEvents(c, who, deps, pollMs) })];
}

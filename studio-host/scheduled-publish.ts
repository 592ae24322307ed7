import type { IncomingMessage, ServerResponse } from 'node:http';
import { SCHEDULES_API, type NewScheduleRequest, type ScheduledPublish, type SchedulesAnswer } from '../core/studio/contract.ts';
import { readBody, send } from '../studio/server/http.ts';
import type { Schedule } from './state/studio-state.ts';
import type { Editor, StudioDoor } from './studio-door.ts';

/** A publish planned further ahead than this is refused: a year, so a mistyped year is caught. */
const MAX_AHEAD_MS = 366 * 24 * 60 * 60 * 1000;

const shown = (schedule: Schedule): ScheduledPublish => ({
  id: schedule.id,
  at: schedule.at,
  createdBy: schedule.createdBy,
  status: schedule.status,
  detail: schedule.detail,
});

/** The schedules' calls: GET the list, POST { at } a new one, POST <id>/cancel. */
export function scheduleApi(door: StudioDoor) {
  const answers = (pathname: string) => pathname === SCHEDULES_API || pathname.startsWith(`${SCHEDULES_API}/`);
  async function api(req: IncomingMessage, res: ServerResponse, editor: Editor, pathname: string): Promise<void> {
    const rest = pathname.slice(SCHEDULES_API.length).replace(/^\//, '');
    if (req.method === 'GET' && rest === '') return send(res, 200, { schedules: (await door.schedules.list()).map(shown) } satisfies SchedulesAnswer);
    if (req.method !== 'POST') return send(res, 405, { error: 'method not allowed' });
    if (rest === '') {
      const body = (await readBody(req)) as Partial<NewScheduleRequest>;
      const at = new Date(typeof body.at === 'string' ? body.at : NaN);
      const ahead = at.getTime() - Date.now();
      if (!Number.isFinite(ahead) || ahead <= 0 || ahead > MAX_AHEAD_MS) return send(res, 400, { error: 'a time in the coming year, please' });
      return send(res, 200, shown(await door.schedules.add(at, editor.email)));
    }
    const cancel = /^([^/]+)\/cancel$/.exec(rest);
    if (!cancel) return send(res, 404, { error: 'not found' });
    if (!(await door.schedules.cancel(cancel[1]!))) return send(res, 409, { error: 'it has begun, ended or was cancelled already' });
    send(res, 200, {});
  }
  return { answers, api };
}

export interface ScheduleRunnerOptions {
  door: StudioDoor;
  /** this server instance, as the schedules name who does one */
  instance: string;
  /** how often to look for a publish that is due */
  tickMs: number;
  /** publishes what is ready now in this person's name: the commit, "nothing", or a refusal (thrown) */
  publish: (author: { email: string }) => Promise<string>;
  /** whether this instance may do one now: only the one that owns the working copy has the edits to publish */
  when?: () => boolean;
  log?: (line: string) => void;
}

/** A schedule claimed by an instance that then went silent this long is taken over: the publish of one is done well within it. */
const STALE_MS = 10 * 60 * 1000;

/**
 * Looks for a due publish every `tickMs` and does it. The database hands each due schedule to exactly one instance
 * (state/schedules.ts), and keeps it through a restart: a publish planned while the server was down is done
 * when it is up again.
 */
export function scheduleRunner(options: ScheduleRunnerOptions): { stop(): Promise<void> } {
  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  const tick = async () => {
    if (options.when && !options.when()) return;
    for (let schedule = await options.door.schedules.claimDue(options.instance, STALE_MS); schedule && !stopped;) {
      let outcome: { status: 'done' | 'failed'; detail: string };
      try {
        outcome = { status: 'done', detail: await options.publish({ email: schedule.createdBy }) };
      } catch (error) {
        outcome = { status: 'failed', detail: (error as Error).message };
      }
      await options.door.schedules.finish(schedule.id, options.instance, outcome);
      options.log?.(`scheduled publish of ${schedule.at} by ${schedule.createdBy}: ${outcome.status} (${outcome.detail})`);
      schedule = await options.door.schedules.claimDue(options.instance, STALE_MS);
    }
  };
  let busy = false;
  const timer = setInterval(() => {
    // one look at a time: a publish takes longer than a tick
    if (busy) return;
    busy = true;
    running = tick()
      .catch((error: unknown) => options.log?.(`scheduled publishes: ${(error as Error).message}`))
      .finally(() => (busy = false));
  }, options.tickMs);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}

import { AsyncLocalStorage } from 'node:async_hooks';
import { hostname } from 'node:os';
import { format } from 'node:util';
import pino, { type DestinationStream, type Logger } from 'pino';

export type { Logger };

/**
 * The server's log: one JSON object a line on stdout (pino), which a process manager (journald, Docker) keeps and a
 * log system reads field by field. Every line has `time` (ISO 8601, UTC), `level` (info, warn, error), `instance`
 * (INSTANCE_NAME, else the host's name: which of several instances wrote it), `pid` and `msg`; a line written while
 * a request is handled has that request's `requestId` too, whichever module wrote it. What is never written: see
 * log-request.ts and docs/server.md ("Logs").
 */

/** The request being handled, for the lines written on its behalf (its id travels with the async work it starts). */
const current = new AsyncLocalStorage<{ requestId: string }>();

/** Runs `work` as part of the request `requestId`: every line it logs carries the id. */
export const asRequest = <T>(requestId: string, work: () => T): T => current.run({ requestId }, work);

/** The id of the request being handled, undefined outside one. */
export const currentRequestId = (): string | undefined => current.getStore()?.requestId;

/**
 * LOG_FORMAT=text: the same lines as `time level msg key=value ...`, for a person reading a terminal. JSON is the
 * default, for `npm start` under a process manager.
 */
function textLines(out: NodeJS.WritableStream): DestinationStream {
  const skip = new Set(['time', 'level', 'msg', 'pid', 'instance']);
  return {
    write(line: string) {
      const fields = JSON.parse(line) as Record<string, unknown>;
      const rest = Object.entries(fields)
        .filter(([key]) => !skip.has(key))
        .map(([key, value]) => (key === 'err' ? `\n${(value as { stack?: string }).stack ?? JSON.stringify(value)}` : `${key}=${JSON.stringify(value)}`));
      out.write(`${String(fields.time)} ${String(fields.level)} ${String(fields.msg ?? '')}${rest.length ? ` ${rest.join(' ')}` : ''}\n`);
    },
  };
}

/**
 * The process's logger from the environment: LOG_LEVEL (info unless set), LOG_FORMAT (json or text), INSTANCE_NAME.
 * Lines are written synchronously: the last line before an exit (a setting refused at start) is never lost.
 */
export function createLogger(env: Record<string, string | undefined>, out: NodeJS.WritableStream = process.stdout): Logger {
  const destination = env.LOG_FORMAT === 'text' || env.LOG_FORMAT === 'pretty' ? textLines(out) : pino.destination({ dest: 1, sync: true });
  return pino(
    {
      level: env.LOG_LEVEL || 'info',
      base: { instance: env.INSTANCE_NAME || hostname(), pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      // the level by its name: a person and a query read "error", not 50
      formatters: { level: (label) => ({ level: label }) },
      mixin: () => {
        const requestId = currentRequestId();
        return requestId ? { requestId } : {};
      },
    },
    destination,
  );
}

/** A logger that writes nothing: the apps' default where no logger is passed (unit tests, tools). */
export const silentLogger: Logger = pino({ enabled: false });

/**
 * Sends what other modules print with console.log/warn/error (the static files, the database pool, the sweeps)
 * to the logger as lines of the same shape, so the output stays one JSON object a line. Their words stay the message.
 */
export function routeConsole(logger: Logger): void {
  console.log = (...args: unknown[]) => logger.info(format(...args));
  console.info = console.log;
  console.warn = (...args: unknown[]) => logger.warn(format(...args));
  console.error = (...args: unknown[]) => logger.error(format(...args));
}

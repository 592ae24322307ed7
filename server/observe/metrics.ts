import { timingSafeEqual } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { systemFacts } from '../system/facts.ts';
import type { SystemStore } from '../system/system-store.ts';

/**
 * The figures a monitoring system scrapes at GET /metrics on the back office's port (never the public one), in the
 * Prometheus text format: each process's requests and their durations (both apps), the process's own (prom-client's
 * defaults), and the system's as the System screen shows them in words, read from the database at each scrape.
 * docs/server.md says what each is and how /metrics is reached (METRICS_TOKEN).
 */
export const registry = new Registry();
collectDefaultMetrics({ register: registry });

const requests = new Counter({
  name: 'http_requests_total',
  help: 'HTTP requests answered, by app (site or back-office), route pattern and status',
  labelNames: ['app', 'route', 'status'] as const,
  registers: [registry],
});
const durations = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'Time to answer an HTTP request (until the answer began), by app and route pattern',
  labelNames: ['app', 'route'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
  registers: [registry],
});
const gauge = (name: string, help: string, labelNames: string[] = []) => new Gauge({ name, help, labelNames, registers: [registry] });
const leads = gauge('leads_stored', 'Leads in the database (spam included)');
const mailsWaiting = gauge('mails_waiting', 'Mails the outbox has not sent yet (new, or waiting to be tried again)');
const mailsFailed = gauge('mails_failed', 'Mails the outbox gave up on');
const oldestMail = gauge('mail_oldest_waiting_age_seconds', 'Age of the oldest mail not sent yet; 0 when none waits');
const diskFree = gauge('disk_free_bytes', "Bytes free for the server on the data folder's file system");
const diskSize = gauge('disk_size_bytes', "Size of the data folder's file system");
// with a label, so that it is absent (not 0, not NaN) until there is a value: no backup recorded, no publish yet
const backupAge = gauge('backup_age_seconds', 'Seconds since the last `npm run backup` began; absent when none was ever recorded', ['database']);
const lastDuration = gauge('site_last_duration_seconds', 'How long the last publish (from the studio) and the last live build took; absent before the first', [
  'step',
]);

/**
 * A route's pattern, never its raw path, so the label's values stay few: the route the app declared (/api/forms/:id,
 * /api/leads/:id), else for what the static files answered "/", "/assets/:file" or "page", and "other" for a refusal.
 */
function routeOf(c: Context): string {
  let declared = '';
  try {
    declared = routePath(c, c.req.routeIndex);
  } catch {
    // not routed (a request answered before routing): the fallbacks below
  }
  if (declared && !declared.includes('*')) return declared;
  if (c.res.status >= 400) return 'other';
  if (c.req.path === '/') return '/';
  if (c.req.path.startsWith('/assets/')) return '/assets/:file';
  return 'page';
}

/** Counts and times every request of `app`: mounted first on the site's app and on the back office's. */
export function requestMetrics(app: 'site' | 'back-office'): MiddlewareHandler {
  return async (c, next) => {
    const started = process.hrtime.bigint();
    try {
      await next();
    } finally {
      const route = routeOf(c);
      requests.inc({ app, route, status: String(c.res.status) });
      durations.observe({ app, route }, Number(process.hrtime.bigint() - started) / 1e9);
    }
  };
}

/** The system's gauges set from what the database and the disk say now. */
async function refresh(store: SystemStore): Promise<void> {
  const facts = await systemFacts(store);
  const now = new Date(facts.now).getTime();
  leads.set(facts.leads);
  mailsWaiting.set(facts.mail.waiting);
  mailsFailed.set(facts.mail.failed);
  oldestMail.set(facts.mail.oldestAt ? Math.max(0, (now - new Date(facts.mail.oldestAt).getTime()) / 1000) : 0);
  if (facts.disk) diskFree.set(facts.disk.freeBytes);
  if (facts.disk) diskSize.set(facts.disk.totalBytes);
  backupAge.reset();
  if (facts.backup) backupAge.set({ database: store.kind }, Math.max(0, (now - new Date(facts.backup.at).getTime()) / 1000));
  lastDuration.reset();
  if (facts.publish?.seconds != null) lastDuration.set({ step: 'publish' }, facts.publish.seconds);
  if (facts.build) lastDuration.set({ step: 'build' }, facts.build.seconds);
}

/** Whether the request carries `Authorization: Bearer <token>` (compared in constant time). */
function bearerIs(c: Context, token: string): boolean {
  const given = Buffer.from(/^Bearer (.+)$/.exec(c.req.header('authorization') ?? '')?.[1] ?? '');
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

/**
 * GET /metrics, mounted on the back office's app alone (as a middleware at /metrics, so it is no route of the
 * contract). Open to whoever reaches the back office's port, which listens on 127.0.0.1 unless ADMIN_HOST says
 * otherwise and sits behind the proxy (docs/deploying.md keeps /metrics from the outside); with METRICS_TOKEN set,
 * only with `Authorization: Bearer <METRICS_TOKEN>`.
 */
export function metricsRoute(store: SystemStore, token?: string): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.path !== '/metrics') return next();
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return c.text('Method Not Allowed', 405, { Allow: 'GET, HEAD' });
    if (token && !bearerIs(c, token)) return c.text('Unauthorized', 401, { 'WWW-Authenticate': 'Bearer', 'Cache-Control': 'no-store' });
    try {
      await refresh(store);
    } catch (error) {
      // a scrape that fails is one Prometheus notices (up is 0), rather than figures that stopped moving
      console.error(`metrics: the database does not answer: ${error instanceof Error ? error.message : String(error)}`);
      return c.text('the database does not answer', 503, { 'Cache-Control': 'no-store' });
    }
    return c.body(await registry.metrics(), 200, { 'Content-Type': registry.contentType, 'Cache-Control': 'no-store' });
  };
}

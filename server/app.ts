import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { Ajv } from 'ajv';
import type { Storage } from './storage/types.ts';
import type { ServerSite } from './site.ts';
import { API_PATHS } from '../core/forms/api-paths.ts';
import { rateLimiter } from './api/rate-limit.ts';
import { problem, storageBusy, type ApiContext } from './api/context.ts';
import { leadsApi } from './api/leads.ts';
import { localMailApi } from './api/local-mail.ts';
import { localImagesApi, type UploadSettings } from './api/local-images.ts';
import { sameSiteOnly } from './security/same-site.ts';
import { externalOrigins } from '../core/security/policy.ts';
import type { Logger } from './observe/log.ts';
import { requestLog } from './observe/log-request.ts';
import { failureAnswer, logFailure } from './observe/log-failure.ts';
import type { Readiness } from './observe/readiness.ts';
import { requestMetrics } from './observe/metrics.ts';

export interface AppOptions {
  site: ServerSite;
  storage: Storage;
  /** signs the fill-time tokens */
  secret: string;
  uploadsDir: string;
  clientIp: (c: Context) => string;
  /** static files and security headers; absent when the API runs apart from the static files (serverless) */
  staticFiles?: MiddlewareHandler;
  securityHeaders: MiddlewareHandler;
  /** requests per minute per address; mailsTotal is per minute for all addresses together */
  limits?: { leads?: number; tokens?: number; mails?: number; mailsTotal?: number; uploads?: number };
  /** limiters made by rateLimiters(limits), shared by the apps of several builds so a switch resets no count */
  rateLimiters?: ApiContext['limits'];
  /** where links to uploaded photos point; the site's URL when absent (never the request's Host) */
  publicOrigin?: string;
  /** quotas, caps and timeouts of the photo endpoints; defaults in UPLOAD_DEFAULTS */
  uploads?: Partial<UploadSettings>;
  onMail?: () => void;
  log?: (message: string) => void;
  /** the structured log: one line per request with its id, failures with their details (server/observe/) */
  logger?: Logger;
  /** GET /readyz: whether a proxy should send this instance traffic; absent: no such route */
  readiness?: Readiness;
}

/** The rate limiters of the API; made once and passed to each app when one server runs an app per build. */
export function rateLimiters(limits: AppOptions['limits']): ApiContext['limits'] {
  return {
    leads: rateLimiter({ limit: limits?.leads ?? 30, windowMs: 60_000 }),
    tokens: rateLimiter({ limit: limits?.tokens ?? 30, windowMs: 60_000 }),
    mails: rateLimiter({ limit: limits?.mails ?? 30, windowMs: 60_000 }),
    mailsTotal: rateLimiter({ limit: limits?.mailsTotal ?? 120, windowMs: 60_000, maxClients: 1 }),
    uploads: rateLimiter({ limit: limits?.uploads ?? 60, windowMs: 60_000 }),
  };
}

/** API paths and the methods they answer; anything else under these prefixes is a 404. */
const API_ROUTES: [RegExp, string][] = [
  [/^\/api\/forms\/[^/]+\/token$/, 'GET, HEAD'],
  [/^\/api\/forms\/[^/]+$/, 'POST'],
  [/^\/api\/forms\/[^/]+\/[^/]+\/delivery$/, 'POST'],
  [/^\/api\/contact$/, 'POST'],
  [/^\/api\/v1\.0\/email\/send$/, 'POST'],
  [/^\/3\/image$/, 'POST'],
  [/^\/uploads\/[^/]+$/, 'GET, HEAD'],
  [/^\/healthz$/, 'GET, HEAD'],
  [/^\/readyz$/, 'GET, HEAD'],
];

/** How long /healthz waits for the database before it answers 503: a check that hangs would hold the prober too. */
const HEALTH_TIMEOUT_MS = 2_000;

/**
 * GET /healthz for a load balancer or process manager: 200 when the database answers a read, 503 when it fails or
 * takes longer than HEALTH_TIMEOUT_MS. No rate limit (a prober asks every few seconds) and never cached.
 */
async function health(c: Context, storage: Storage, log: (message: string) => void) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('no answer in time')), HEALTH_TIMEOUT_MS)));
  try {
    // a lookup by primary key that finds nothing: the cheapest read the Storage interface has
    await Promise.race([storage.getLead('healthz'), late]);
    return c.json({ ok: true }, 200, { 'Cache-Control': 'no-store' });
  } catch (error) {
    log(`healthz: the database failed: ${error instanceof Error ? error.message : String(error)}`);
    return c.json({ ok: false, error: 'the database does not answer' }, 503, { 'Cache-Control': 'no-store' });
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The whole site as one fetch handler: the leads API, the local mail and photo
 * endpoints, then the static files. It runs under Node (server/main.ts) and on
 * any host that speaks the Fetch API.
 */
export function createApp(options: AppOptions): Hono {
  const log = options.log ?? ((m: string) => console.error(m));
  const api: ApiContext = {
    site: options.site,
    storage: options.storage,
    secret: options.secret,
    uploadsDir: options.uploadsDir,
    clientIp: options.clientIp,
    limits: options.rateLimiters ?? rateLimiters(options.limits),
    onMail: options.onMail ?? (() => {}),
    photoOrigins: [options.site.siteUrl, ...(options.publicOrigin ? [options.publicOrigin] : [])],
    // the origins the site's Content-Security-Policy shows images from
    outsidePhotoOrigins: options.site.integrations.imageHost?.mode === 'imgur' ? externalOrigins(options.site.integrations).img : [],
    log,
  };
  const ajv = new Ajv({ allErrors: false, strict: true });
  const app = new Hono();

  if (options.logger) app.use('*', requestLog(options.logger));
  app.use('*', requestMetrics('site'));
  app.use('*', options.securityHeaders);
  app.use('*', sameSiteOnly([options.site.siteUrl, ...(options.publicOrigin ? [options.publicOrigin] : [])].map((u) => new URL(u).origin)));
  app.get('/healthz', (c) => health(c, options.storage, log));
  const { readiness } = options;
  if (readiness) app.get('/readyz', (c) => readiness.answer(c));
  app.route('/', leadsApi(api, ajv));
  app.route('/', localMailApi(api));
  app.route('/', localImagesApi(api, { publicOrigin: options.publicOrigin, settings: options.uploads }));
  app.all('*', async (c, next) => {
    if (!API_PATHS.test(c.req.path) && c.req.path !== '/healthz' && c.req.path !== '/readyz') return next();
    const allowed = API_ROUTES.find(([pattern]) => pattern.test(c.req.path))?.[1];
    if (!allowed) return problem(c, 404, 'not found');
    c.header('Allow', allowed);
    return problem(c, 405, 'method not allowed');
  });
  if (options.staticFiles) app.use('*', options.staticFiles);

  app.notFound((c) => c.text('Not found', 404, { 'Cache-Control': 'no-store' }));
  app.onError((error, c) => {
    const busy = storageBusy(c, error);
    if (busy) return busy;
    // one request's failure is logged and answered; it never ends the process
    if (options.logger) {
      logFailure(options.logger, c, error);
      return failureAnswer(c, options.site.lang, API_PATHS.test(c.req.path));
    }
    log(`${c.req.method} ${c.req.path.slice(0, 200)}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    return c.text('Internal Server Error', 500, { 'Cache-Control': 'no-store' });
  });
  return app;
}

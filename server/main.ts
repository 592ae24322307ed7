import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Duplex } from 'node:stream';
import { serve } from '@hono/node-server';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context, Hono } from 'hono';
import { paths } from '../core/paths.ts';
import { createApp, rateLimiters } from './app.ts';
import { loadServerSite, type ServerSite } from './site.ts';
import { openStorage } from './storage/open-storage.ts';
import { uploadsDirOf } from './storage/upload-files.ts';
import { startSmtpDelivery } from './mail/smtp-delivery.ts';
import { serveDist } from './static/serve-dist.ts';
import { LiveRoot, type Generation } from './static/live-root.ts';
import { securityHeaders } from './security/security-headers.ts';
import { clientAddress, trustedHops } from './api/client-address.ts';
import { startUploadSweep } from './api/upload-sweep.ts';
import { adminSettings, startAdmin, type AdminSettings, type RunningAdmin } from './admin/start-admin.ts';
import { createLogger, routeConsole } from './observe/log.ts';
import { drainWait, readiness } from './observe/readiness.ts';
import { failureAnswer } from './observe/log-failure.ts';
import { openSystemStore } from './system/system-store.ts';
import { startHeartbeat, thisInstance } from './system/heartbeat.ts';
import { recordLiveBuild } from './system/build-record.ts';

/** `npm start`: the built site, the leads API and the outbox on one port. Every setting comes from the environment. */
const env = process.env;
// one JSON line per message and per request on stdout (server/observe/log.ts); what any module prints joins them
const logger = createLogger(env);
routeConsole(logger);
const siteLogger = logger.child({ app: 'site' });
const port = Number(env.PORT ?? 4173);
const host = env.HOST ?? '127.0.0.1';
const distDir = env.DIST_DIR ? resolve(env.DIST_DIR) : paths.dist;
const dataDir = resolve(env.DATA_DIR ?? join(paths.root, 'data'));
const uploadsDir = uploadsDirOf(dataDir);
// leads, photos and the form secret are for this server's user only
mkdirSync(uploadsDir, { recursive: true, mode: 0o700 });
chmodSync(dataDir, 0o700);

/** The least a form secret may have: 32 bytes, so a token's signature cannot be guessed. */
const MIN_SECRET_BYTES = 32;

/**
 * FORM_SECRET, or one made on first start and kept in the data folder, so tokens survive a restart. The file is
 * written to a temporary name and renamed, so a failed first write never leaves an empty or short secret; one
 * found short anyway is made again.
 */
function formSecret(): string {
  if (env.FORM_SECRET !== undefined) {
    if (Buffer.byteLength(env.FORM_SECRET) < MIN_SECRET_BYTES) {
      console.error(`FORM_SECRET must be at least ${MIN_SECRET_BYTES} bytes; leave it unset to have one made in ${dataDir}`);
      process.exit(1);
    }
    return env.FORM_SECRET;
  }
  const file = join(dataDir, 'form-secret');
  const kept = existsSync(file) ? readFileSync(file, 'utf8').trim() : '';
  if (Buffer.byteLength(kept) >= MIN_SECRET_BYTES) return kept;
  const made = randomBytes(MIN_SECRET_BYTES).toString('base64url');
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, made, { mode: 0o600 });
  renameSync(temporary, file);
  return made;
}

const hops = trustedHops(env.TRUST_PROXY);

/** The visitor's address: the peer, or behind TRUST_PROXY=N proxies the address the last of them appended. */
function clientIp(c: Context): string {
  let peer: string | undefined;
  try {
    peer = getConnInfo(c).remote.address;
  } catch {
    peer = undefined;
  }
  return clientAddress(hops > 0 ? c.req.header('x-forwarded-for') : undefined, peer, hops);
}

let site: ServerSite;
try {
  site = loadServerSite(distDir);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
const storage = await openStorage({ databaseUrl: env.DATABASE_URL, dataDir });
const siteHost = new URL(site.siteUrl).hostname.replace(/^www\./, '');
const mailFrom = env.MAIL_FROM ?? `website@${siteHost}`;
// SMTP_INTERVAL_MS: the pause between the outbox's rounds (default 10 s); a new mail is sent at once anyway
const smtpInterval = Number(env.SMTP_INTERVAL_MS);
const smtp = env.SMTP_URL
  ? startSmtpDelivery({
      storage,
      smtpUrl: env.SMTP_URL,
      from: mailFrom,
      intervalMs: Number.isFinite(smtpInterval) && smtpInterval > 0 ? smtpInterval : undefined,
    })
  : undefined;
const limit = (name: string) => (env[name] ? Number(env[name]) : undefined);
/** A positive number from the environment (fractions allowed), or undefined when unset; anything else stops the start. */
function positive(name: string): number | undefined {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) {
    console.error(`${name} must be a positive number, not ${JSON.stringify(raw)}`);
    process.exit(1);
  }
  return value;
}
const megabytes = (name: string) => {
  const value = positive(name);
  return value === undefined ? undefined : value * 1024 * 1024;
};

const secret = formSecret();
// one count per visitor across all builds' apps: a switch must not reset a limit
const limiters = rateLimiters({
  leads: limit('RATE_LIMIT_LEADS'),
  tokens: limit('RATE_LIMIT_TOKENS'),
  mails: limit('RATE_LIMIT_MAILS'),
  mailsTotal: limit('RATE_LIMIT_MAILS_TOTAL'),
  uploads: limit('RATE_LIMIT_UPLOADS'),
});
/** The app's settings for one build: its forms (the leads API checks what its pages show) and its CSP hashes. */
const appOptions = (buildSite: ServerSite, root: string) => ({
  site: buildSite,
  storage,
  secret,
  uploadsDir,
  clientIp,
  staticFiles,
  securityHeaders: securityHeaders({ root, integrations: buildSite.integrations, hsts: env.HSTS === '1' }),
  rateLimiters: limiters,
  publicOrigin: env.PUBLIC_URL?.replace(/\/+$/, ''),
  uploads: {
    quotaBytes: megabytes('UPLOAD_QUOTA_MB'),
    addressQuotaBytes: megabytes('UPLOAD_ADDRESS_QUOTA_MB'),
    diskReserveBytes: megabytes('UPLOAD_DISK_RESERVE_MB'),
    inFlight: positive('UPLOADS_IN_FLIGHT'),
    perMinute: limit('RATE_LIMIT_UPLOADS_TOTAL'),
    downloadsPerMinute: limit('RATE_LIMIT_DOWNLOADS'),
    sendTimeoutMs: positive('DOWNLOAD_TIMEOUT_MS'),
    idleMs: positive('UPLOAD_IDLE_TIMEOUT_MS'),
    minBytesPerSecond: positive('UPLOAD_MIN_BYTES_PER_S'),
    decodeTimeoutSeconds: positive('UPLOAD_DECODE_TIMEOUT_S'),
  },
  onMail: () => void smtp?.runOnce(),
  logger: siteLogger,
  readiness: ready,
});

// `npm run build` switches dist (a link) to each new build; the server follows without a restart, and a request is
// answered whole by the build it arrived in: its page, its CSP, its forms
const live = new LiveRoot(distDir);
// GET /readyz: the database answers, the build has files, the mail worker runs; 503 from SIGTERM on
const ready = readiness({ storage, buildLoaded: () => live.current().index.size > 0, mail: () => (smtp ? 'smtp' : 'local outbox') });
const staticFiles = serveDist({ root: distDir, live, failed: (c) => failureAnswer(c, site.lang, false) });
const apps = new Map<string, Hono>([[live.current().root, createApp(appOptions(site, live.current().root))]]);
// the System screen's and /metrics' facts, and this instance's heartbeat (its live build's folder as its version)
const system = await openSystemStore({ databaseUrl: env.DATABASE_URL, dataDir });
const heartbeat = startHeartbeat(system, { kind: 'site', version: () => live.current().root.split('/').pop() ?? '' });
/** The live build recorded for the System screen once, when this instance first serves it; a failure costs only that. */
const noteBuild = (root: string) =>
  void recordLiveBuild(system, root, thisInstance()).catch((error: unknown) =>
    console.error(`the System screen will not show the build: ${(error as Error).message}`),
  );
noteBuild(live.current().root);
const sites = new Map<string, ServerSite>([[live.current().root, site]]);
/** The forms of a build, read the first time they are asked for (the first build's when they cannot be read); the last few kept. */
function siteOf(generation: Generation): ServerSite {
  let found = sites.get(generation.root);
  if (found) return found;
  try {
    found = loadServerSite(generation.root);
  } catch (error) {
    console.error(`${(error as Error).message}; the forms of the first build stay in use`);
    found = site;
  }
  sites.set(generation.root, found);
  noteBuild(generation.root);
  for (const oldest of sites.keys()) if (sites.size > 3 && oldest !== generation.root) sites.delete(oldest);
  return found;
}
/** The app of a build, made the first time a request arrives in it; the last few are kept for switches back and forth. */
function appFor(generation: Generation): Hono {
  let built = apps.get(generation.root);
  if (built) return built;
  built = createApp(appOptions(siteOf(generation), generation.root));
  apps.set(generation.root, built);
  for (const oldest of apps.keys()) if (apps.size > 3 && oldest !== generation.root) apps.delete(oldest);
  return built;
}
// photos no lead uses are removed after UPLOAD_TTL_HOURS, and what a crash left in the uploads folder after an hour;
// leads with their photos and mails after LEAD_RETENTION_DAYS (a year: a sales follow-up), spam after SPAM_RETENTION_DAYS
const leadRetentionDays = positive('LEAD_RETENTION_DAYS') ?? 365;
const spamRetentionDays = positive('SPAM_RETENTION_DAYS') ?? 14;
const sweep = startUploadSweep({
  storage,
  uploadsDir,
  ttlMs: (positive('UPLOAD_TTL_HOURS') ?? 6) * 3600_000,
  leadTtlMs: leadRetentionDays * 86_400_000,
  spamTtlMs: spamRetentionDays * 86_400_000,
  everyMs: (positive('UPLOAD_SWEEP_MINUTES') ?? 10) * 60_000,
});

// a slow or stuck client must not hold a connection for ever
const requestTimeout = Number(env.REQUEST_TIMEOUT_MS ?? 30_000);
const serverOptions = {
  requestTimeout,
  headersTimeout: Math.min(requestTimeout, 10_000),
  keepAliveTimeout: 5_000,
  connectionsCheckingInterval: Math.min(requestTimeout, 1_000),
};
type NodeEnv = { incoming: { httpVersionMajor: number } };
// Node's parser still accepts HTTP/0.9 simple requests ("GET /"): nothing of this site is for them
const fetchHandler = (request: Request, nodeEnv: NodeEnv) =>
  nodeEnv.incoming.httpVersionMajor === 1 ? appFor(live.forRequest(request)).fetch(request, nodeEnv) : new Response('HTTP/1.x only', { status: 400 });
let settingsOfAdmin: AdminSettings;
try {
  settingsOfAdmin = adminSettings(env);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
let admin: RunningAdmin | undefined;
const server = serve({ fetch: fetchHandler, port, hostname: host, serverOptions }, (info) => {
  const where = env.DATABASE_URL ? 'PostgreSQL' : join(dataDir, 'leads.sqlite');
  console.log(`serving ${distDir} on http://${host}:${info.port} (leads: ${where}; mail: ${env.SMTP_URL ? 'SMTP' : 'local outbox, npm run leads'})`);
  // the back office on its own port and origin, on the same database, once the site is up
  const issuer = `Back office ${siteHost}`;
  const mail = env.SMTP_URL ? { smtpUrl: env.SMTP_URL, from: mailFrom, site: siteHost } : undefined;
  // the live build's forms, as the site's own endpoint uses them: a published form's new labels show in the inbox
  const leads = { storage, uploadsDir, site: () => siteOf(live.current()), retention: { leadDays: leadRetentionDays, spamDays: spamRetentionDays } };
  startAdmin({
    settings: settingsOfAdmin,
    storage: { databaseUrl: env.DATABASE_URL, dataDir },
    env,
    clientIp,
    issuer,
    hsts: env.HSTS === '1',
    leads,
    // the live build's logo, from its own folder: a published new logo shows in the header
    siteLogo: () => {
      const generation = live.current();
      const logo = siteOf(generation).logo;
      return logo ? { root: generation.root, path: logo } : undefined;
    },
    mail,
    serverSecret: secret,
    logger: logger.child({ app: 'back-office' }),
    system,
  }).then(
    (running) => (admin = running),
    (error: unknown) => console.error(`the back office is not served: ${(error as Error).message}`),
  );
});
// a proxy's CONNECT has no business here; without a listener Node would just drop the connection
server.on('connect', (_request, socket: Duplex) => {
  socket.end('HTTP/1.1 405 Method Not Allowed\r\nAllow: GET, HEAD, POST\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
});
server.on('clientError', (_error, socket) => {
  if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
  else socket.destroy();
});
// a port that cannot be had is the operator's to fix: one line that says how, not Node's stack
server.on('error', (error: NodeJS.ErrnoException) => {
  if (server.listening) return console.error(`server: ${error.message}`);
  if (error.code === 'EADDRINUSE') console.error(`port ${port} is taken: stop the other server or set PORT=... to a free one`);
  else if (error.code === 'EACCES') console.error(`port ${port} needs rights this user lacks: set PORT=... above 1023`);
  else console.error(`cannot listen on ${host}:${port}: ${error.message} (set HOST=... and PORT=...)`);
  process.exit(1);
});

let stopping = false;
// SHUTDOWN_DRAIN_S: how long after SIGTERM /readyz says 503 while requests are still taken (0: close at once)
const drainMs = (positive('SHUTDOWN_DRAIN_S') ?? 0) * 1000;
let drain: ReturnType<typeof drainWait> | undefined;
async function shutdown(signal: string) {
  if (stopping) return drain?.cut();
  stopping = true;
  ready.drain();
  if (signal === 'SIGTERM' && drainMs > 0) {
    console.log(`${signal}: not ready; taking requests for ${drainMs / 1000} s more while the proxy moves them away`);
    drain = drainWait(drainMs);
    await drain.done;
  }
  console.log(`${signal}: finishing open requests`);
  const closed = new Promise<void>((done) => server.close(() => done()));
  if ('closeIdleConnections' in server) server.closeIdleConnections();
  // requests still running after 10 s are cut off rather than holding the shutdown for ever
  const force = setTimeout(() => 'closeAllConnections' in server && server.closeAllConnections(), 10_000).unref();
  await closed;
  clearTimeout(force);
  await admin?.stop();
  await heartbeat.stop();
  await system.close();
  await sweep.stop();
  await smtp?.stop();
  await storage.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

import { serve, type ServerType } from '@hono/node-server';
import type { Context } from 'hono';
import type { StorageOptions } from '../storage/types.ts';
import { adminOrigin, DEFAULT_ADMIN_PORT } from '../staff/invitations.ts';
import { sessionTimeouts } from '../staff/sessions.ts';
import { openStaffStore, type StaffStore } from '../staff/store/staff-store.ts';
import { createAdminApp } from './admin-app.ts';
import type { LeadDeps } from './lead-routes.ts';
import { invitationMailer, type SendInvitation } from './invitation-mail.ts';
import { staffSecretKey } from '../staff/secret-box.ts';
import { paths } from '../../core/paths.ts';
import { openStudioTickets } from '../storage/studio-queries.ts';
import type { StudioDoor } from './studio-routes.ts';
import type { Logger } from '../observe/log.ts';
import type { SystemStore } from '../system/system-store.ts';
import type { LiveLogo } from './site-logo.ts';

export interface AdminSettings {
  /** ADMIN_PORT; "off" serves no back office */
  port: number | 'off';
  /** ADMIN_HOST: 127.0.0.1 unless set, so the back office is reached through a proxy or a tunnel, not the open network */
  host: string;
  origin: string;
}

/**
 * The back office's settings from the environment. Its port is ADMIN_PORT, else 4330; when the site itself asks
 * for any free port (PORT=0, as tests and tools do), the back office takes any free port too, so that several
 * servers on one machine never fight over 4330.
 */
export function adminSettings(env: Record<string, string | undefined>): AdminSettings {
  const host = env.ADMIN_HOST || '127.0.0.1';
  if (env.ADMIN_PORT === 'off') return { port: 'off', host, origin: '' };
  const port = env.ADMIN_PORT ? Number(env.ADMIN_PORT) : env.PORT === '0' ? 0 : DEFAULT_ADMIN_PORT;
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`ADMIN_PORT must be a port number or "off", not ${JSON.stringify(env.ADMIN_PORT)}`);
  return { port, host, origin: adminOrigin(env) };
}

export interface RunningAdmin {
  staff: StaffStore;
  server: ServerType;
  stop(): Promise<void>;
}

/**
 * Starts the back office beside the site, on its own port and origin, on the same database. A port that cannot be
 * had stops only the back office, with one line that says how to fix it: the public site keeps serving.
 */
/** The studio beside the back office (`npm run studio` with STUDIO_BACK_OFFICE) at STUDIO_ORIGIN, opened from here with a ticket. */
async function studioDoor(env: Record<string, string | undefined>, storage: StorageOptions): Promise<StudioDoor | undefined> {
  const origin = env.STUDIO_ORIGIN?.trim().replace(/\/+$/, '');
  return origin ? { origin, state: await openStudioTickets(storage) } : undefined;
}

/** What `npm start` hands the back office. */
export interface StartAdminOptions {
  settings: AdminSettings;
  storage: StorageOptions;
  env: Record<string, string | undefined>;
  clientIp: (c: Context) => string;
  issuer: string;
  hsts: boolean;
  leads: Omit<LeadDeps, 'staff'>;
  /** the live build's folder and its logo's path, for the header (server/admin/site-logo.ts) */
  siteLogo?: LiveLogo;
  /** the server's secret (FORM_SECRET or the data folder's): the staff's TOTP secrets are sealed with a key from it */
  serverSecret: string;
  /** SMTP_URL and the sender, to mail invitation links too */
  mail?: { smtpUrl: string; from: string; site: string };
  /** the back office's lines of the server's log (its requests, its start, its failures) */
  logger: Logger;
  /** the System screen's facts and /metrics (server/system/, server/observe/metrics.ts) */
  system?: SystemStore;
}

/** The back office's app for the address it listens on (on any free port, PORT=0, the one the system gave). */
function adminAppAt(
  options: StartAdminOptions,
  port: number,
  parts: { staff: StaffStore; studio: StudioDoor | undefined; sendInvitation: SendInvitation | undefined },
): { app: ReturnType<typeof createAdminApp>['app']; origin: string } {
  const { settings, env } = options;
  const origin = settings.port === 0 && !env.ADMIN_ORIGIN ? `http://${settings.host}:${port}` : settings.origin;
  const app = createAdminApp({
    staff: parts.staff,
    origin,
    timeouts: sessionTimeouts(env),
    clientIp: options.clientIp,
    issuer: options.issuer,
    hsts: options.hsts,
    pagesDir: env.ADMIN_PAGES_DIR || paths.distAdmin,
    leads: options.leads,
    ...(options.siteLogo ? { siteLogo: options.siteLogo } : {}),
    sendInvitation: parts.sendInvitation,
    logger: options.logger,
    ...(parts.studio ? { studio: parts.studio } : {}),
    ...(options.system ? { system: { store: options.system, metricsToken: env.METRICS_TOKEN || undefined } } : {}),
  }).app;
  return { app, origin };
}

export async function startAdmin(options: StartAdminOptions): Promise<RunningAdmin | undefined> {
  const { settings, logger } = options;
  if (settings.port === 'off') return undefined;
  const staff = await openStaffStore(options.storage, { secretKey: staffSecretKey(options.serverSecret) });
  const sendInvitation = options.mail && invitationMailer(options.mail.smtpUrl, options.mail.from, options.mail.site, () => options.leads.site().lang);
  let app: ReturnType<typeof createAdminApp>['app'] | undefined;
  const studio = await studioDoor(options.env, options.storage);
  const sweep = setInterval(() => void staff.sweep().catch(() => undefined), 10 * 60_000).unref();
  const server = serve(
    { fetch: (request, nodeEnv) => (app ? app.fetch(request, nodeEnv) : new Response(null, { status: 503 })), port: settings.port, hostname: settings.host },
    (info) => {
      const made = adminAppAt(options, info.port, { staff, studio, sendInvitation });
      app = made.app;
      // printed after the site's own line: tools read the site's address from the first one
      logger.info(`back office on ${made.origin} (listening on ${settings.host}:${info.port})`);
    },
  );
  server.on('error', (error: NodeJS.ErrnoException) => {
    const why = error.code === 'EADDRINUSE' ? `port ${settings.port} is taken: set ADMIN_PORT=... to a free one` : error.message;
    logger.error(`the back office is not served: ${why}; the site itself is served as before`);
  });
  return {
    staff,
    server,
    stop: async () => {
      clearInterval(sweep);
      const closed = new Promise<void>((done) => server.close(() => done()));
      // a browser's keep-alive connection would hold the close open: the site's shutdown already let requests finish
      if ('closeAllConnections' in server) server.closeAllConnections();
      await closed;
      await staff.close();
      await studio?.state.close();
    },
  };
}

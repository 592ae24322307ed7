import { Hono } from 'hono';
import { resumeSession, type SessionTimeouts } from '../staff/sessions.ts';
import type { StaffStore } from '../staff/store/staff-store.ts';
import { adminHeaders } from './admin-headers.ts';
import { ownRequestsOnly } from './request-guard.ts';
import { declareRoutes, refuse, type AdminContext, type AdminEnv, type RouteSpec } from './routes.ts';
import { readSessionCookie } from './session-cookie.ts';
import { accountRoutes } from './account-routes.ts';
import { invitationRoutes } from './invitation-routes.ts';
import { factorRoutes } from './factor-routes.ts';
import { auditRoutes, peopleRoutes } from './people-routes.ts';
import { adminPages } from './admin-pages.ts';
import { logoFile, siteLogo, type LiveLogo } from './site-logo.ts';
import type { SendInvitation } from './invitation-mail.ts';
import { passkeyRoutes, relyingParty } from './passkey-routes.ts';
import { leadRoutes, type LeadDeps } from './lead-routes.ts';
import { studioRoutes, type StudioDoor } from './studio-routes.ts';
import { silentLogger, type Logger } from '../observe/log.ts';
import { requestLog } from '../observe/log-request.ts';
import { failureAnswer, logFailure } from '../observe/log-failure.ts';
import { systemRoutes } from './system-routes.ts';
import { metricsRoute, requestMetrics } from '../observe/metrics.ts';
import type { SystemStore } from '../system/system-store.ts';

export interface AdminAppOptions {
  staff: StaffStore;
  /** the back office's origin, from configuration (ADMIN_ORIGIN), never from a request's Host */
  origin: string;
  timeouts: SessionTimeouts;
  clientIp: (c: AdminContext) => string;
  /** the name authenticator apps show beside the account */
  issuer: string;
  hsts?: boolean;
  /** the back office's pages (dist-admin/); absent: the API alone */
  pagesDir?: string;
  /** the live site's language, which the pages speak; the inbox's site says it when absent, else English */
  lang?: () => string;
  /** the live site's name, in the pages' header; the inbox's site says it when absent */
  siteName?: () => string | undefined;
  /** the live build's folder and its logo's path: served at /site-logo and shown in the header beside the name; absent: no logo */
  siteLogo?: LiveLogo;
  /** mails invitation links when SMTP is configured */
  sendInvitation?: SendInvitation;
  /** the leads' storage and what the inbox needs beside it; absent: no inbox */
  leads?: Omit<LeadDeps, 'staff'>;
  /** the studio on its own origin, opened from here for editors and admins; absent: no studio */
  studio?: StudioDoor;
  /** the structured log: one line per request with its id, failures with their details; none when absent */
  logger?: Logger;
  /** the System screen's facts and /metrics (METRICS_TOKEN: the bearer it asks, when set); absent: neither */
  system?: { store: SystemStore; metricsToken?: string };
}

/**
 * The back office on its own origin: its headers on every answer, every state-changing request proved to be its
 * own, the session read from the cookie, and each route behind the permission it declares. `routes` lists them
 * all, for the test that no route goes without one.
 */
export function createAdminApp(options: AdminAppOptions): { app: Hono<AdminEnv>; routes: RouteSpec[] } {
  const { staff } = options;
  const app = new Hono<AdminEnv>();
  const logger = options.logger ?? silentLogger;
  app.use('*', requestLog(logger));
  app.use('*', requestMetrics('back-office'));
  app.use('*', adminHeaders({ hsts: options.hsts ?? false }));
  if (options.system) app.use('/metrics', metricsRoute(options.system.store, options.system.metricsToken));
  app.use('*', ownRequestsOnly(options.origin));
  // the calls only: the pages and their static files are the same for everyone, and a page of them writes nothing
  app.use('/api/*', async (c, next) => {
    const token = readSessionCookie(c);
    // the back office's sessions alone: the studio's token, from the studio's origin, is no sign-in here
    const session = await resumeSession(staff, token, 'back-office', options.timeouts);
    const user = session && (await staff.getUser(session.userId));
    c.set('who', session && user && !user.disabled ? { user, session, token: token! } : undefined);
    return next();
  });
  const deps = { staff, timeouts: options.timeouts, clientIp: options.clientIp, studio: options.studio !== undefined };
  const rp = relyingParty(options.origin, options.issuer);
  const all = [
    ...accountRoutes(deps),
    ...invitationRoutes(deps, options.issuer),
    ...passkeyRoutes(deps, rp),
    ...factorRoutes(deps, options.issuer),
    ...peopleRoutes(staff, options.origin, options.sendInvitation),
    ...auditRoutes(staff),
  ];
  if (options.leads) all.push(...leadRoutes({ staff, ...options.leads }));
  if (options.studio) all.push(...studioRoutes(staff, options.studio));
  if (options.system) all.push(...systemRoutes(options.system.store));
  const routes = declareRoutes(app, all, () => staff.now());
  const leads = options.leads;
  const lang = options.lang ?? (leads ? () => leads.site().lang : () => 'en');
  const siteName = options.siteName ?? (leads ? () => leads.site().name : () => undefined);
  const logo = options.siteLogo ?? (() => undefined);
  app.use('*', siteLogo(logo));
  const hasLogo = async () => (await logoFile(logo())) !== undefined;
  if (options.pagesDir) app.use('*', adminPages(options.pagesDir, lang, siteName, hasLogo));
  app.notFound((c) => refuse(c, 'not-found', 404));
  // the details to the log under the request's id; the screen gets `{ error: 'unknown', requestId }`, a page the words
  app.onError((error, c) => {
    logFailure(logger, c, error);
    return failureAnswer(c, lang(), c.req.path.startsWith('/api/'), 'unknown');
  });
  return { app, routes };
}

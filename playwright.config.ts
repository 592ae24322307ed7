import { defineConfig, devices } from '@playwright/test';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './scripts/test-support/browser.ts';

const port = Number(process.env.E2E_PORT ?? 4319);
// the production server's data folder for this run: the form tests read the leads it stored
export const e2eDataDir = process.env.E2E_DATA_DIR ?? join(tmpdir(), `e2e-data-${port}`);
// the back office of that server: 4330 beside the default 4319, and beside another E2E_PORT a port of its own
export const e2eAdminOrigin = `http://127.0.0.1:${port + 11}`;
/** the studio behind the back office: its test starts it on this address, which the back office opens with a ticket */
export const e2eStudioOrigin = `http://127.0.0.1:${port + 12}`;

/**
 * The site the tests visit: the fixture tests/fixtures/agency/ (the agency's site as these tests know it, never the
 * site's own content/, which staff change at any time), built by the run into a folder of its own for its port.
 * SITE_OUT names a build to serve instead, as it is.
 */
export const e2eSiteRoot = 'tests/fixtures/agency';
const e2eBuild = process.env.SITE_OUT ?? join(tmpdir(), `e2e-site-${port}`);
const buildLog = `${e2eBuild}.log`;
// its output only when it fails: the server's own lines are the ones to read
const buildFirst = process.env.SITE_OUT
  ? ''
  : `(node scripts/run-bundled.mjs scripts/build/build-and-switch.ts > '${buildLog}' 2>&1 || (cat '${buildLog}' >&2; exit 1)) && `;

/** The two widths every page is tested at: a laptop's, and a phone's */
export const desktopViewport = { width: 1280, height: 800 };
export const phoneViewport = { width: 390, height: 844 };

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: process.env.PW_OUT ?? 'test-results',
  fullyParallel: true,
  // two at a time here and on CI: the machines have 2 cores
  workers: 2,
  // on CI's busy machine a test may once miss a wait that is ample here: it runs once more, and the run's end names
  // it "flaky" (a test that fails twice fails the run)
  retries: process.env.CI ? 1 : 0,
  // npm test (scripts/test-support/test-all.ts) reads each test's time from the JSON report, beside the list on the console
  reporter: process.env.E2E_JSON_REPORT ? [['list'], ['json', { outputFile: process.env.E2E_JSON_REPORT }]] : [['list']],
  timeout: 30_000,
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'off',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  projects: [
    { name: 'desktop', grepInvert: /@phone-only/, use: { ...devices['Desktop Chrome'], viewport: desktopViewport } },
    {
      name: 'phone',
      grepInvert: /@desktop-only/,
      use: { ...devices['Desktop Chrome'], viewport: phoneViewport, isMobile: false, hasTouch: true },
    },
  ],
  webServer: {
    // the fixture's build (incremental after the first), then the production server as production runs it (the
    // build's dist-server/main.js, as `npm run serve`) on it, on a fresh data folder; the suite's parallel forms come
    // from one address, so no rate limits
    command: `rm -rf '${e2eDataDir}' && ${buildFirst}node dist-server/main.js`,
    env: {
      SITE_ROOT: e2eSiteRoot,
      SITE_OUT: e2eBuild,
      DIST_DIR: e2eBuild,
      BUILD_QUIET: '1',
      PORT: String(port),
      ADMIN_PORT: String(port + 11),
      STUDIO_ORIGIN: e2eStudioOrigin,
      DATA_DIR: e2eDataDir,
      RATE_LIMIT_LEADS: '100000',
      RATE_LIMIT_MAILS: '100000',
      RATE_LIMIT_UPLOADS: '100000',
      RATE_LIMIT_DOWNLOADS: '100000',
      UPLOAD_ADDRESS_QUOTA_MB: '100000',
      // photo links point at this server, not at the site's real domain
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    },
    url: `http://127.0.0.1:${port}/`,
    reuseExistingServer: !process.env.CI,
    // a build first, which takes a minute or more on a busy 2-core machine
    timeout: 300_000,
  },
});

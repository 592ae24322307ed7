import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { paths } from '../../core/paths.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './browser.ts';

/** Lighthouse's mobile run, in a Chromium of its own, is given this long before it is stopped. */
const RUN_TIMEOUT_MS = 180_000;

export type LighthouseCategory = 'performance' | 'seo' | 'accessibility' | 'best-practices';

/**
 * One Lighthouse run of `url` (its CLI, mobile defaults) with the JSON report written to `report`. Never rejects:
 * a runtime error exits non-zero after the report is written, and the report says what happened; a run that wrote
 * none leaves its reason in stderr.
 */
export function runLighthouse(url: string, report: string, categories: LighthouseCategory[]): Promise<{ stderr: string }> {
  const args = [
    join(paths.root, 'node_modules/lighthouse/cli/index.js'),
    url,
    '--quiet',
    '--output=json',
    `--output-path=${report}`,
    `--only-categories=${categories.join(',')}`,
    `--chrome-flags=${['--headless=new', ...CHROMIUM_ARGS].join(' ')}`,
  ];
  return new Promise((resolve) => {
    // SIGINT on timeout: chrome-launcher then closes the browser it started
    execFile(
      process.execPath,
      args,
      { env: { ...process.env, CHROME_PATH: CHROMIUM_PATH }, timeout: RUN_TIMEOUT_MS, killSignal: 'SIGINT', maxBuffer: 16 << 20 },
      (_error, _stdout, stderr) => resolve({ stderr }),
    );
  });
}

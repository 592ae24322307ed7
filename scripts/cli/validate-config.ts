import { performance } from 'node:perf_hooks';
import { validateSite, internalError, type Problem } from '../../core/validate/validate.ts';
import { formatGithubAnnotations, formatJson, formatProblems } from '../../core/validate/report-formats.ts';
import { paths } from '../../core/paths.ts';
import { siteFiles } from '../../core/validate/site-files.ts';
import { formatGuardReport, guardLanding, locatedWarnings } from '../../core/seo/guard.ts';
import type { LoadedSite } from '../../core/site/model.ts';
import { CONFIG_FILE } from '../../core/site/layout.ts';

/**
 * npm run validate [-- site-root] [-- --format text|json] [--seo] [--seo-strict]: every problem at once, exit 1 on
 * any. Under GitHub Actions each problem is also a workflow annotation on its line. The landing pages' thin and
 * duplicate guard adds warnings (errors with --seo-strict or `landing.guard.failOnWarning`); --seo prints its figures.
 */
interface Args {
  root: string;
  format: 'text' | 'json';
  seo: boolean;
  strict: boolean;
}

function parseArgs(args: string[]): Args | string {
  let root: string | undefined;
  let format = 'text';
  let seo = false;
  let strict = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--seo') seo = true;
    else if (arg === '--seo-strict') strict = true;
    else if (arg === '--format') format = args[++i] ?? '';
    else if (arg.startsWith('--format=')) format = arg.slice('--format='.length);
    else if (arg.startsWith('-')) return `unknown option ${arg}`;
    else if (root === undefined) root = arg;
    else return `more than one site root: ${root} and ${arg}`;
  }
  if (format !== 'text' && format !== 'json') return `--format must be text or json, found "${format}"`;
  return { root: root ?? paths.root, format, seo, strict };
}

function report(problems: Problem[], root: string, format: 'text' | 'json'): void {
  if (format === 'json') console.log(formatJson(problems));
  else if (problems.length > 0) console.error(formatProblems(problems));
  if (process.env.GITHUB_ACTIONS && problems.length > 0) console.log(formatGithubAnnotations(problems, root));
}

const args = parseArgs(process.argv.slice(2));
if (typeof args === 'string') {
  console.error(`${args}\nusage: npm run validate -- [site-root] [--format text|json] [--seo] [--seo-strict]`);
  process.exit(2);
}
/** The thin and duplicate guard: its findings as problems at the city to fix, and its report when asked for. */
function guard(site: LoadedSite, { root, seo, strict }: Args): { found: Problem[]; fail: boolean; seoReport: string } {
  const result = guardLanding(site);
  const found = locatedWarnings(result, site, siteFiles([root]).read);
  return { found, fail: strict || result.limits.failOnWarning, seoReport: seo ? formatGuardReport(result) : '' };
}

/** Warnings in the problems' own one-line shape, so editors jump to them too. */
const formatWarnings = (warnings: Problem[]) =>
  formatProblems(warnings.map((w) => ({ ...w, message: `warning: ${w.message}` }))).replace(/problems? in/, (m) => m.replace('problem', 'warning'));

const started = performance.now();
let problems: Problem[];
let warnings: Problem[] = [];
let summary = '';
let seoReport = '';
try {
  const result = validateSite({ roots: [args.root], schemaDir: paths.schemas, keptSchemas: true });
  problems = result.problems;
  const s = result.stats;
  const ms = Math.round(performance.now() - started);
  summary = `config valid: ${CONFIG_FILE}, ${s.pages} pages, ${s.collections} collections, ${s.forms} forms; ${s.routes} routes (${s.landingPages} landing pages) in ${ms} ms`;
  if (problems.length === 0) {
    const checked = guard(result.site!, args);
    // strict (CI): a thin or duplicate landing page fails the run like any other problem
    if (checked.fail) problems = checked.found;
    else warnings = checked.found;
    seoReport = checked.seoReport;
  }
} catch (error) {
  // validateSite catches its own errors; this is the last net, so a person never reads a stack trace
  problems = [internalError(CONFIG_FILE, 'starting the validator', error)];
}
report(problems, args.root, args.format);
if (problems.length > 0) process.exit(1);
if (args.format === 'text') {
  if (warnings.length > 0) console.error(`${formatWarnings(warnings)}\n`);
  console.log(summary);
  if (seoReport) console.log(seoReport);
}

import { performance } from 'node:perf_hooks';
import { validateSite, internalError, type Problem } from '../core/validate/validate.ts';
import { formatGithubAnnotations, formatJson, formatProblems } from '../core/validate/report-formats.ts';
import { paths } from '../core/paths.ts';

/**
 * npm run validate [-- site-root] [-- --format text|json]: every problem at once, exit 1 on any.
 * Under GitHub Actions each problem is also a workflow annotation on its line.
 */
function parseArgs(args: string[]): { root: string; format: 'text' | 'json' } | string {
  let root: string | undefined;
  let format = 'text';
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--format') format = args[++i] ?? '';
    else if (arg.startsWith('--format=')) format = arg.slice('--format='.length);
    else if (arg.startsWith('-')) return `unknown option ${arg}`;
    else if (root === undefined) root = arg;
    else return `more than one site root: ${root} and ${arg}`;
  }
  if (format !== 'text' && format !== 'json') return `--format must be text or json, found "${format}"`;
  return { root: root ?? paths.root, format };
}

function report(problems: Problem[], root: string, format: 'text' | 'json'): void {
  if (format === 'json') console.log(formatJson(problems));
  else if (problems.length > 0) console.error(formatProblems(problems));
  if (process.env.GITHUB_ACTIONS && problems.length > 0) console.log(formatGithubAnnotations(problems, root));
}

const args = parseArgs(process.argv.slice(2));
if (typeof args === 'string') {
  console.error(`${args}\nusage: npm run validate -- [site-root] [--format text|json]`);
  process.exit(2);
}
const started = performance.now();
let problems: Problem[];
let summary = '';
try {
  const result = validateSite({ roots: [args.root], schemaDir: paths.schemas });
  problems = result.problems;
  const s = result.stats;
  const ms = Math.round(performance.now() - started);
  summary = `config valid: site.config.json, ${s.pages} pages, ${s.collections} collections, ${s.forms} forms; ${s.routes} routes (${s.landingPages} landing pages) in ${ms} ms`;
} catch (error) {
  // validateSite catches its own errors; this is the last net, so a person never reads a stack trace
  problems = [internalError('site.config.json', 'starting the validator', error)];
}
report(problems, args.root, args.format);
if (problems.length > 0) process.exit(1);
if (args.format === 'text') console.log(summary);

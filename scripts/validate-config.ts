import { performance } from 'node:perf_hooks';
import { validateSite, formatProblems } from './lib/validate.ts';
import { paths } from './lib/paths.ts';

/** npm run validate [-- site-root]: every problem at once, exit 1 on any. */
const root = process.argv[2] ?? paths.root;
const started = performance.now();
const result = validateSite({ roots: [root], schemaDir: paths.schemas });
const ms = Math.round(performance.now() - started);

if (result.problems.length > 0) {
  console.error(formatProblems(result.problems));
  process.exit(1);
}
const s = result.stats;
console.log(
  `config valid: site.config.json, ${s.pages} pages, ${s.collections} collections, ${s.forms} forms; ${s.routes} routes (${s.landingPages} landing pages) in ${ms} ms`,
);

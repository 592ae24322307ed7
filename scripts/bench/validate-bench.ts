import { performance } from 'node:perf_hooks';
import { validateSite } from '../../core/validate/validate.ts';
import { loadSchemaSet } from '../../core/validate/schemas.ts';
import { paths } from '../../core/paths.ts';
import { makeBigSite } from './big-site.ts';
import { TABLES } from './tables.ts';
import { recordRun, type Row } from './results-table.ts';
import { smoke } from './smoke.ts';

/** Validation time for the real config and a 125-city config (1,000 landing pages): cold (schemas compiled) and warm. */
const RUNS = smoke ? 1 : 15;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

function bench(label: string, root: string): Row {
  const coldStart = performance.now();
  const first = validateSite({ roots: [root], schemaDir: paths.schemas });
  const cold = performance.now() - coldStart;
  if (first.problems.length) throw new Error(`${label}: config invalid (${first.problems.length} problems)`);
  const schemas = loadSchemaSet(paths.schemas);
  const warm: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    validateSite({ roots: [root], schemaDir: paths.schemas, schemas });
    warm.push(performance.now() - t);
  }
  console.log(
    `${label.padEnd(28)} ${String(first.stats.routes).padStart(5)} routes  cold ${cold.toFixed(0).padStart(4)} ms  warm median ${median(warm).toFixed(1).padStart(6)} ms (${RUNS} run${RUNS === 1 ? '' : 's'})`,
  );
  return {
    config: label,
    routes: first.stats.routes.toLocaleString('en'),
    'warm, median': `${median(warm).toFixed(1)} ms (${RUNS} run${RUNS === 1 ? '' : 's'})`,
    'cold (schemas compiled)': `${cold.toFixed(0)} ms`,
    'cold / warm': `${(cold / median(warm)).toFixed(1)}x`,
    note: '-',
  };
}

const rows = [bench('real config', paths.root)];
const big = makeBigSite(125);
try {
  rows.push(bench('125 cities x 8 services', big.root));
} finally {
  big.cleanup();
}
await recordRun(TABLES['validate-bench'], rows);

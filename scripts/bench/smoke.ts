/**
 * BENCH_SMOKE=1: every benchmark does one short round of each thing it measures, only to show that it still runs
 * (scripts/bench/bench-smoke.test.ts). Its figures then mean nothing.
 */
export const smoke = process.env.BENCH_SMOKE === '1';

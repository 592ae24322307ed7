import { readFileSync } from 'node:fs';
import { countTests, summaryLine } from './test-summary.ts';

/** Prints the closing "N passed, N failed" line of an `npm test` log (.ci/run passes it the log). */
const file = process.argv[2];
if (!file) throw new Error('usage: ci-summary <npm test log>');
console.log(summaryLine(countTests(readFileSync(file, 'utf8'))));

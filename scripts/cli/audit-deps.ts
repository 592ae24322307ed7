import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { paths } from '../../core/paths.ts';
import {
  advisoryProblems,
  importedPackage,
  lockfileProblems,
  unusedRuntimeDependencies,
  type AllowList,
  type AuditReport,
  type Lockfile,
} from './supply-chain.ts';

/**
 * `npm run audit:deps`, part of `npm test`: the lockfile's packages come from the npm registry with sha512
 * integrity, only allowed packages run install scripts, every runtime dependency is one the server imports,
 * and npm audit finds no high or critical advisory outside supply-chain-allow.json. When the registry does
 * not answer npm's advisory endpoint (a mirror without it), that one check is reported as not run.
 */
const root = paths.root;
const readJson = <T>(file: string) => JSON.parse(readFileSync(join(root, file), 'utf8')) as T;
const pkg = readJson<{ dependencies?: Record<string, string> }>('package.json');
const lock = readJson<Lockfile>('package-lock.json');
const allow = readJson<AllowList>('supply-chain-allow.json');

function serverImports(): Set<string> {
  const found = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name)) {
        for (const [, specifier] of readFileSync(path, 'utf8').matchAll(/(?:from|import)\s*\(?\s*'([^']+)'/g)) {
          const name = importedPackage(specifier!);
          if (name) found.add(name);
        }
      }
    }
  };
  walk(join(root, 'server'));
  return found;
}

function audit(): { report?: AuditReport; unavailable?: string } {
  let out: string;
  try {
    out = execFileSync('npm', ['audit', '--json'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  } catch (error) {
    // npm audit exits 1 when it finds something, and when it cannot ask
    out = String((error as { stdout?: unknown }).stdout ?? '');
  }
  let report: AuditReport & { message?: string };
  try {
    report = JSON.parse(out) as AuditReport & { message?: string };
  } catch {
    return { unavailable: 'npm audit gave no JSON' };
  }
  if (report.message || report.error) return { unavailable: (report.message ?? JSON.stringify(report.error)).split('\n')[0]!.slice(0, 160) };
  return { report };
}

const problems = [
  ...lockfileProblems(lock, allow),
  ...unusedRuntimeDependencies(Object.keys(pkg.dependencies ?? {}), serverImports()).map(
    (name) => `${name}: a runtime dependency the server never imports; move it to devDependencies`,
  ),
];
const { report, unavailable } = audit();
if (report) problems.push(...advisoryProblems(report, allow, new Date().toISOString().slice(0, 10)));

const count = Object.keys(lock.packages ?? {}).length - 1;
const scripts = Object.entries(lock.packages ?? {}).filter(([, p]) => p.hasInstallScript).length;
console.log(`supply chain: ${count} locked packages, ${scripts} with install scripts, ${Object.keys(pkg.dependencies ?? {}).length} runtime dependencies`);
console.log(
  report
    ? `npm audit: ${Object.keys(report.vulnerabilities ?? {}).length} packages with advisories`
    : `npm audit: not run, the registry did not answer (${unavailable}); the offline checks ran`,
);
for (const allowed of allow.advisories) console.log(`allowed advisory ${allowed.id} in ${allowed.package} until ${allowed.until}: ${allowed.reason}`);
if (problems.length > 0) {
  console.error(`\n${problems.length} supply-chain problem(s) (${relative(process.cwd(), join(root, 'supply-chain-allow.json'))} holds the allow list):`);
  for (const problem of problems) console.error(`  ${problem}`);
  process.exit(1);
}

/**
 * The supply-chain checks `npm run audit:deps` runs in `npm test`: the advisories npm knows of (when the
 * registry answers its audit endpoint), and checks of the lockfile that need no network at all. Pure, so each
 * rule is unit-tested on small lockfiles.
 */

export interface LockPackage {
  version?: string;
  resolved?: string;
  integrity?: string;
  dev?: boolean;
  optional?: boolean;
  link?: boolean;
  hasInstallScript?: boolean;
}

export interface Lockfile {
  lockfileVersion?: number;
  packages?: Record<string, LockPackage>;
}

export interface AllowList {
  /** Advisories accepted for a while, each with why and until when (YYYY-MM-DD). */
  advisories: { id: string; package: string; reason: string; until: string }[];
  /** Packages whose install scripts may run, each with why. */
  installScripts: Record<string, string>;
}

/** What `npm audit --json` reports per vulnerable package (the parts used here). */
export interface AuditReport {
  vulnerabilities?: Record<string, { severity: string; via: (string | { source?: number; url?: string; title?: string; severity?: string })[] }>;
  error?: unknown;
}

const REGISTRY = 'https://registry.npmjs.org/';

/** The package's name from its lockfile path: node_modules/a/node_modules/@b/c is @b/c. */
export function packageName(path: string): string {
  return path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length);
}

/**
 * Offline rules for every installed package: a sha512 integrity (npm ci refuses a tarball that does not match
 * it), no source but the npm registry (no git, file, link or plain-http tarballs), install scripts only where
 * the allow list says why.
 */
export function lockfileProblems(lock: Lockfile, allow: AllowList): string[] {
  const problems: string[] = [];
  if (lock.lockfileVersion !== 3) problems.push(`package-lock.json: lockfileVersion ${String(lock.lockfileVersion)}, expected 3`);
  for (const [path, pkg] of Object.entries(lock.packages ?? {})) {
    if (path === '') continue;
    const name = packageName(path);
    if (pkg.link) {
      problems.push(`${name}: a link to a local folder, not a registry package`);
      continue;
    }
    if (!pkg.integrity?.startsWith('sha512-')) problems.push(`${name}@${pkg.version ?? '?'}: no sha512 integrity`);
    if (pkg.resolved !== undefined && !pkg.resolved.startsWith(REGISTRY))
      problems.push(`${name}@${pkg.version ?? '?'}: comes from ${pkg.resolved}, not ${REGISTRY}`);
    if (pkg.hasInstallScript && !(name in allow.installScripts)) {
      problems.push(`${name}@${pkg.version ?? '?'}: runs an install script; add it to installScripts in supply-chain-allow.json with the reason, or drop it`);
    }
  }
  return problems;
}

/** The runtime dependencies the server's code never imports: `npm ci --omit=dev` would install them for nothing. */
export function unusedRuntimeDependencies(dependencies: string[], serverImports: Set<string>): string[] {
  return dependencies.filter((name) => !serverImports.has(name));
}

/** The package a bare import names: 'hono/cors' is hono, '@hono/node-server/conninfo' is @hono/node-server; undefined for node: and relative ones. */
export function importedPackage(specifier: string): string | undefined {
  if (specifier.startsWith('.') || specifier.startsWith('/') || specifier.startsWith('node:')) return undefined;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** Advisories at or above `level` that the allow list does not cover (or covers no longer): each in words. */
export function advisoryProblems(report: AuditReport, allow: AllowList, today: string, level: 'moderate' | 'high' = 'high'): string[] {
  const rank: Record<string, number> = { info: 0, low: 1, moderate: 2, high: 3, critical: 4 };
  const problems: string[] = [];
  for (const [name, vulnerability] of Object.entries(report.vulnerabilities ?? {})) {
    for (const via of vulnerability.via) {
      // a string names another vulnerable package this one depends on: that one is reported itself
      if (typeof via === 'string') continue;
      if ((rank[via.severity ?? vulnerability.severity] ?? 0) < rank[level]!) continue;
      const id = via.url?.split('/').pop() ?? String(via.source);
      const allowed = allow.advisories.find((a) => a.id === id && a.package === name);
      if (allowed && allowed.until >= today) continue;
      const expired = allowed ? ` (allowed until ${allowed.until}: look again)` : '';
      problems.push(`${name}: ${via.severity ?? vulnerability.severity} ${id} ${via.title ?? ''}${expired}`.trim());
    }
  }
  return problems;
}

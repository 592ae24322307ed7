import { describe, expect, it } from 'vitest';
import { advisoryProblems, importedPackage, lockfileProblems, packageName, unusedRuntimeDependencies, type AllowList } from './supply-chain.ts';

const allow: AllowList = {
  advisories: [{ id: 'GHSA-aaaa-bbbb-cccc', package: 'old-lib', reason: 'only reachable from the build', until: '2026-12-31' }],
  installScripts: { 'better-sqlite3': 'builds the binding' },
};
const good = { version: '1.0.0', integrity: 'sha512-abc' };

describe('lockfile rules', () => {
  it('take registry packages with sha512 integrity and allowed install scripts', () => {
    const lock = { lockfileVersion: 3, packages: { '': {}, 'node_modules/hono': good, 'node_modules/better-sqlite3': { ...good, hasInstallScript: true } } };
    expect(lockfileProblems(lock, allow)).toEqual([]);
  });

  it('name a package without integrity, from git or a plain-http tarball, linked, or with an install script nobody allowed', () => {
    const lock = {
      lockfileVersion: 3,
      packages: {
        'node_modules/a': { version: '1.0.0' },
        'node_modules/b': { ...good, integrity: 'sha1-abc' },
        'node_modules/c': { ...good, resolved: 'git+ssh://git@github.com/x/c.git#abc' },
        'node_modules/d': { ...good, resolved: 'http://evil.example/d.tgz' },
        'node_modules/x/node_modules/@s/e': { ...good, hasInstallScript: true },
        'node_modules/f': { link: true },
      },
    };
    const problems = lockfileProblems(lock, allow);
    expect(problems).toHaveLength(6);
    expect(problems.join('\n')).toMatch(
      /a@1\.0\.0: no sha512[\s\S]*b@1\.0\.0: no sha512[\s\S]*c@1\.0\.0: comes from git\+ssh[\s\S]*d@1\.0\.0: comes from http:[\s\S]*@s\/e@1\.0\.0: runs an install script[\s\S]*f: a link/,
    );
    expect(lockfileProblems({ lockfileVersion: 2, packages: {} }, allow)).toEqual(['package-lock.json: lockfileVersion 2, expected 3']);
  });

  it('read package names from nested paths', () => {
    expect(packageName('node_modules/a/node_modules/@b/c')).toBe('@b/c');
    expect(importedPackage('@hono/node-server/conninfo')).toBe('@hono/node-server');
    expect(importedPackage('hono/cors')).toBe('hono');
    expect(importedPackage('node:fs')).toBeUndefined();
    expect(importedPackage('../core/x.ts')).toBeUndefined();
  });
});

describe('runtime dependencies', () => {
  it('are each imported by the server', () => {
    expect(unusedRuntimeDependencies(['hono', 'left-pad'], new Set(['hono', 'ajv']))).toEqual(['left-pad']);
  });
});

describe('advisories', () => {
  const report = {
    vulnerabilities: {
      'old-lib': { severity: 'high', via: [{ source: 1, url: 'https://github.com/advisories/GHSA-aaaa-bbbb-cccc', title: 'ReDoS', severity: 'high' }] },
      'new-lib': { severity: 'critical', via: [{ source: 2, url: 'https://github.com/advisories/GHSA-dddd-eeee-ffff', title: 'RCE', severity: 'critical' }] },
      wrapper: { severity: 'high', via: ['new-lib'] },
      minor: { severity: 'low', via: [{ source: 3, url: 'https://github.com/advisories/GHSA-gggg', title: 'x', severity: 'low' }] },
    },
  };

  it('fail on a high or critical one outside the allow list, once each, and never on low ones', () => {
    expect(advisoryProblems(report, allow, '2026-11-23')).toEqual(['new-lib: critical GHSA-dddd-eeee-ffff RCE']);
  });

  it('fail on an allowed one once its date has passed', () => {
    expect(advisoryProblems(report, allow, '2027-01-01')).toEqual([
      'old-lib: high GHSA-aaaa-bbbb-cccc ReDoS (allowed until 2026-12-31: look again)',
      'new-lib: critical GHSA-dddd-eeee-ffff RCE',
    ]);
  });
});

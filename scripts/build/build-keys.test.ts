import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { engineKey, manifestText, readManifest, type RouteRecord } from './build-keys.ts';

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A project with an engine source, a schema and a lock file: what an engine key covers. */
function project(): string {
  const root = mkdtempSync(join(tmpdir(), 'engine-key-'));
  made.push(root);
  for (const dir of ['src/blocks', 'schemas', 'content/pages']) mkdirSync(join(root, dir), { recursive: true });
  writeFileSync(join(root, 'src/blocks/hero.tsx'), 'export const Hero = 1;\n');
  writeFileSync(join(root, 'schemas/page.schema.json'), '{}\n');
  writeFileSync(join(root, 'package-lock.json'), '{"lockfileVersion":3}\n');
  writeFileSync(join(root, 'content/pages/home.json'), '{"title":"Home"}\n');
  return root;
}

it("the engine key changes with a source file, a schema, the dependencies' lock file or NODE_ENV, not with content", () => {
  const root = project();
  const env = { NODE_ENV: 'production' };
  const before = engineKey(root, env);
  expect(engineKey(root, env)).toBe(before);
  writeFileSync(join(root, 'content/pages/home.json'), '{"title":"Start"}\n');
  expect(engineKey(root, env)).toBe(before);
  const changes: [string, string][] = [
    ['src/blocks/hero.tsx', 'export const Hero = 2;\n'],
    ['schemas/page.schema.json', '{"type":"object"}\n'],
    ['package-lock.json', '{"lockfileVersion":3,"packages":{}}\n'],
    ['src/blocks/new-block.tsx', 'export {};\n'],
  ];
  let last = before;
  for (const [file, text] of changes) {
    writeFileSync(join(root, file), text);
    const now = engineKey(root, env);
    expect(now, file).not.toBe(last);
    last = now;
  }
  expect(engineKey(root, { NODE_ENV: 'development' })).not.toBe(last);
});

it('a previous build without a manifest, or with one of another version or unreadable, offers no page', () => {
  const root = project();
  expect(readManifest(root)).toBeUndefined();
  mkdirSync(join(root, '.build'));
  writeFileSync(join(root, '.build/routes.json'), '{"version":1,"routes":{"/":{}}}');
  expect(readManifest(root)).toBeUndefined();
  writeFileSync(join(root, '.build/routes.json'), '{"version":2,');
  expect(readManifest(root)).toBeUndefined();
});

it('the manifest keeps each route whole, its CSP hashes written once per distinct set', () => {
  const root = project();
  const shared = { scriptHashes: ['sha256-a', 'sha256-b'], styleHashes: [] };
  const routes: Record<string, RouteRecord> = {
    '/': {
      key: 'k1',
      hashes: shared,
      srcsets: [['/images/a-400w.webp 400', { width: 400, page: 'index.html' }]],
      compressed: { files: 1, bytes: 9, brBytes: 4, gzBytes: 5 },
    },
    '/contact': { key: 'k2', hashes: { ...shared }, srcsets: [] },
    '/demo': { key: 'k3', hashes: { scriptHashes: ['sha256-c'], styleHashes: [] }, srcsets: [] },
  };
  const text = manifestText(routes);
  expect(text.match(/sha256-a/g)).toHaveLength(1);
  mkdirSync(join(root, '.build'));
  writeFileSync(join(root, '.build/routes.json'), text);
  expect(readManifest(root)).toEqual(routes);
});

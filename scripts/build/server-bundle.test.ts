import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { bundleServer } from './server-bundle.ts';

const root = mkdtempSync(join(tmpdir(), 'server-bundle-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

it('bundles the server again only when a file it is made of changed', async () => {
  mkdirSync(join(root, 'server/cli'), { recursive: true });
  mkdirSync(join(root, 'server/backup'), { recursive: true });
  writeFileSync(join(root, 'package.json'), '{"dependencies":{}}\n');
  writeFileSync(join(root, 'server/greeting.ts'), "export const greeting = 'hallo';\n");
  writeFileSync(join(root, 'server/main.ts'), "import { greeting } from './greeting.ts';\nconsole.log(greeting);\n");
  writeFileSync(join(root, 'server/cli/leads.ts'), "console.log('leads');\n");
  writeFileSync(join(root, 'server/cli/staff.ts'), "console.log('staff');\n");
  writeFileSync(join(root, 'server/backup/backup.ts'), "console.log('backup');\n");
  writeFileSync(join(root, 'server/backup/restore.ts'), "console.log('restore');\n");
  const out = join(root, 'dist-server');

  const first = await bundleServer(root, out);
  expect(first.reused).toBeUndefined();
  expect(first.files).toContain('main.js');
  expect(readFileSync(join(out, 'main.js'), 'utf8')).toContain('hallo');

  expect((await bundleServer(root, out)).reused).toBe(true);

  // a module the entry imports, not only the entry itself
  writeFileSync(join(root, 'server/greeting.ts'), "export const greeting = 'goedemorgen';\n");
  const changed = await bundleServer(root, out);
  expect(changed.reused).toBeUndefined();
  expect(readFileSync(join(out, 'main.js'), 'utf8')).toContain('goedemorgen');

  // a bundle file gone: made again
  rmSync(join(out, 'main.js'));
  expect((await bundleServer(root, out)).reused).toBeUndefined();
  expect(readFileSync(join(out, 'main.js'), 'utf8')).toContain('goedemorgen');
});

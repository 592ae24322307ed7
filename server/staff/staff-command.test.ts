import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { staffCommand } from './staff-command.ts';
import { openStaffStore } from './store/staff-store.ts';
import { hashToken } from './tokens.ts';

const temp: string[] = [];
afterAll(() => {
  for (const dir of temp) rmSync(dir, { recursive: true, force: true });
});

async function staff(dataDir: string, args: string[], env: Record<string, string> = {}) {
  let stdout = '';
  let stderr = '';
  const code = await staffCommand(args, {
    env: { DATA_DIR: dataDir, ...env },
    defaultDataDir: '/nonexistent',
    out: (t) => void (stdout += t),
    err: (t) => void (stderr += t),
  });
  return { code, stdout, stderr };
}

const linkToken = (stdout: string) => /\/uitnodiging\/([A-Za-z0-9_-]{43})\n/.exec(stdout)?.[1];

describe('npm run staff', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = join(mkdtempSync(join(tmpdir(), 'staff-cli-')), 'data');
    temp.push(dataDir);
  });

  it('adds a person and prints a one-time link on the back office origin, whose token only its hash is stored of', async () => {
    const added = await staff(dataDir, ['add', 'An@Example.nl', '--role', 'sales']);
    expect(added).toMatchObject({ code: 0, stderr: '' });
    expect(added.stdout).toMatch(
      /^added an@example\.nl as sales\. Send them this link; it works once, until \d{4}-\d\d-\d\d \d\d:\d\d UTC:\nhttp:\/\/127\.0\.0\.1:4330\/uitnodiging\//,
    );
    const token = linkToken(added.stdout)!;
    const store = await openStaffStore({ dataDir });
    expect(await store.findOpenInvitation(hashToken(token))).toMatchObject({ email: 'an@example.nl', role: 'sales' });
    await store.close();
    expect((await staff(dataDir, ['add', 'x@example.nl', '--role', 'admin'], { ADMIN_PORT: '5000' })).stdout).toContain('http://127.0.0.1:5000/uitnodiging/');
    expect((await staff(dataDir, ['add', 'y@example.nl', '--role', 'admin'], { ADMIN_ORIGIN: 'https://beheer.example.nl/' })).stdout).toContain(
      '\nhttps://beheer.example.nl/uitnodiging/',
    );
  });

  it('refuses a second account for one address, a bad address and a bad role, with plain messages and exit codes', async () => {
    await staff(dataDir, ['add', 'an@example.nl', '--role', 'sales']);
    expect(await staff(dataDir, ['add', 'AN@example.nl', '--role', 'admin'])).toMatchObject({ code: 1, stdout: '' });
    expect((await staff(dataDir, ['add', 'an@example.nl', '--role', 'admin'])).stderr).toContain('there is already an account for an@example.nl');
    expect(await staff(dataDir, ['add', 'not-an-address', '--role', 'sales'])).toMatchObject({
      code: 2,
      stderr: '"not-an-address" is not an e-mail address\n',
    });
    expect(await staff(dataDir, ['add', 'bo@example.nl', '--role', 'owner'])).toMatchObject({
      code: 2,
      stderr: '--role must be one of admin, editor, sales, not "owner"\n',
    });
    const usage = await staff(dataDir, ['add', 'bo@example.nl']);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('usage: npm run staff');
    expect((await staff(dataDir, ['frob'])).code).toBe(2);
    expect((await staff(dataDir, ['list', '--bogus'])).code).toBe(2);
    expect(await staff(dataDir, ['--help'])).toMatchObject({ code: 0 });
  });

  it('resets a person: the old link is spent, a new one is printed', async () => {
    const first = linkToken((await staff(dataDir, ['add', 'an@example.nl', '--role', 'editor'])).stdout)!;
    const reset = await staff(dataDir, ['reset', 'an@example.nl']);
    expect(reset.code).toBe(0);
    expect(reset.stdout).toContain('reset an@example.nl: 0 sessions ended, password, authenticator, recovery codes and passkeys removed.');
    const second = linkToken(reset.stdout)!;
    const store = await openStaffStore({ dataDir });
    expect(await store.findOpenInvitation(hashToken(first))).toBeUndefined();
    expect(await store.findOpenInvitation(hashToken(second))).toMatchObject({ role: 'editor' });
    await store.close();
    expect(await staff(dataDir, ['reset', 'nobody@example.nl'])).toMatchObject({ code: 1, stderr: 'there is no account for nobody@example.nl\n' });
  });

  it('lists people and disables and enables them', async () => {
    expect((await staff(dataDir, ['list'])).stdout).toBe('no staff yet: npm run staff -- add <e-mail> --role admin\n');
    await staff(dataDir, ['add', 'bo@example.nl', '--role', 'admin']);
    await staff(dataDir, ['add', 'an@example.nl', '--role', 'sales']);
    expect((await staff(dataDir, ['list'])).stdout).toBe(
      'an@example.nl  sales  invited  0 recovery codes left  0 session(s)\nbo@example.nl  admin  invited  0 recovery codes left  0 session(s)\n',
    );
    expect(await staff(dataDir, ['disable', 'an@example.nl'])).toMatchObject({
      code: 0,
      stdout: 'disabled an@example.nl: signed out everywhere, and no sign-in until enabled\n',
    });
    expect((await staff(dataDir, ['list'])).stdout).toContain('an@example.nl  sales  disabled');
    expect(await staff(dataDir, ['enable', 'an@example.nl'])).toMatchObject({ code: 0, stdout: 'enabled an@example.nl\n' });
    expect(await staff(dataDir, ['disable', 'nobody@example.nl'])).toMatchObject({ code: 1 });
  });

  it('runs in its own process as `npm run staff` starts it', async () => {
    const entry = fileURLToPath(new URL('../cli/staff.ts', import.meta.url));
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', entry, 'add', 'an@example.nl', '--role', 'admin'], {
      env: { ...process.env, DATA_DIR: dataDir, ADMIN_ORIGIN: '', ADMIN_PORT: '' },
    });
    expect(linkToken(stdout)).toBeDefined();
    const failed = await promisify(execFile)(process.execPath, ['--import', 'tsx', entry, 'reset', 'nobody@example.nl'], {
      env: { ...process.env, DATA_DIR: dataDir },
    }).catch((error: { code: number; stderr: string }) => error);
    expect(failed).toMatchObject({ code: 1, stderr: 'there is no account for nobody@example.nl\n' });
  }, 60_000);
});

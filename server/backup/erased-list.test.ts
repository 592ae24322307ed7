import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { addressesIn } from './erase-again.ts';
import { ERASED_FILE, erasedHash, erasedKey, readErased, rememberErased, SECRET_FILE, serverSecret } from './erased-list.ts';

/** The list of erased people: keyed hashes of whom, as the erase compares them, and nothing that names anybody. */
const dir = mkdtempSync(join(tmpdir(), 'erased-list-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the erased list', () => {
  const key = erasedKey('a-server-secret-of-at-least-32-bytes!');

  it('hashes an address as the erase finds it: any case, composed or not, spaces around; a lead id apart', () => {
    const hash = erasedHash(key, { email: 'åsa@example.nl' });
    expect(erasedHash(key, { email: ' ÅSA@Example.NL ' })).toBe(hash);
    expect(erasedHash(key, { email: 'a\u030asa@example.nl' })).toBe(hash);
    expect(erasedHash(key, { email: 'asa@example.nl' })).not.toBe(hash);
    expect(erasedHash(erasedKey('another-server-secret-of-32-bytes!!'), { email: 'åsa@example.nl' })).not.toBe(hash);
    expect(erasedHash(key, { leadId: 'abcdefghijklmnop' })).toMatch(/^[0-9a-f]{64}$/);
  });

  it("is written in the uploads folder's data folder, with the server's secret made there when there is none", async () => {
    const data = join(dir, 'data');
    await rememberErased(join(data, 'uploads'), { email: 'An@Example.nl' }, new Date('2026-12-02T10:00:00Z'));
    const text = readFileSync(join(data, ERASED_FILE), 'utf8');
    expect(text).not.toContain('example');
    const secret = serverSecret(data, {});
    expect(readFileSync(join(data, SECRET_FILE), 'utf8')).toBe(secret);
    expect(readErased(join(data, ERASED_FILE))).toEqual([
      { erasedAt: '2026-12-02T10:00:00.000Z', hash: erasedHash(erasedKey(secret), { email: 'an@example.nl' }) },
    ]);
  });

  it("notes nothing beside an uploads folder of another name (a test's own folder, no data folder around it)", async () => {
    await rememberErased(join(dir, 'photos'), { email: 'an@example.nl' });
    expect(existsSync(join(dir, ERASED_FILE))).toBe(false);
  });

  it('finds the whole addresses in a text, not a part of one, and not the dot that ends a sentence', () => {
    expect(addressesIn('Mail an@example.nl. Of <jan.an@example.nl>, mailto:piet@x.nl; niet @x.nl of an@')).toEqual([
      'an@example.nl',
      'jan.an@example.nl',
      'piet@x.nl',
    ]);
  });
});

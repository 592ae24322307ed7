import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openSecret, sealSecret, staffSecretKey } from './secret-box.ts';
import { inviteStaff } from './invitations.ts';
import { hashToken } from './tokens.ts';
import { newTotpSecret } from './totp.ts';
import { openStaffStore } from './store/staff-store.ts';
import { backends, SETUP_TIMEOUT_MS, testClock } from './test-support/backends.ts';
import { chooseDialect } from '../storage/dialect.ts';
import { Kysely } from 'kysely';
import type { Database } from '../storage/schema.ts';

const key = staffSecretKey('a server secret of at least thirty-two bytes');

describe('sealed secrets', () => {
  it('open with their key only, and refuse any change', () => {
    const sealed = sealSecret(key, 'JBSWY3DPEHPK3PXP');
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(sealSecret(key, 'JBSWY3DPEHPK3PXP')).not.toBe(sealed);
    expect(openSecret(key, sealed)).toBe('JBSWY3DPEHPK3PXP');
    expect(openSecret(staffSecretKey('another server secret of thirty-two bytes or more'), sealed)).toBeUndefined();
    const flipped = sealed.slice(0, -2) + (sealed.endsWith('A') ? 'B' : 'A') + sealed.slice(-1);
    expect(openSecret(key, flipped)).toBeUndefined();
    expect(openSecret(key, 'v1.short')).toBeUndefined();
    // stored before sealing: read as it is
    expect(openSecret(key, 'JBSWY3DPEHPK3PXP')).toBe('JBSWY3DPEHPK3PXP');
  });
});

describe.each(backends)('the TOTP secret in the database on $name', (backend) => {
  beforeAll(() => backend.setup(), SETUP_TIMEOUT_MS);
  afterAll(() => backend.teardown(), 30_000);

  it('is stored sealed, read back whole with the key, and of no use with another', async () => {
    const options = await backend.fresh();
    const store = await openStaffStore(options, { clock: testClock().clock, secretKey: key });
    const invited = await inviteStaff(store, 'an@example.nl', 'sales', null);
    if (!invited.ok) throw new Error(invited.problem);
    const secret = newTotpSecret();
    const user = await store.acceptInvitation(hashToken(invited.token), { totpSecret: secret });
    expect((await store.getTotp(user!.id))?.secret).toBe(secret);
    await store.close();
    const chosen = chooseDialect(options);
    const db = new Kysely<Database>({ dialect: chosen.dialect });
    const stored = await sql<{ secret: string }>`select secret from staff_totp`.execute(db);
    await db.destroy();
    expect(stored.rows).toHaveLength(1);
    expect(stored.rows[0]!.secret.startsWith('v1.')).toBe(true);
    expect(stored.rows[0]!.secret).not.toContain(secret);
    const other = await openStaffStore(options, { secretKey: staffSecretKey('another server secret of thirty-two bytes or more') });
    expect(await other.getTotp(user!.id)).toBeUndefined();
    await other.close();
  });
});

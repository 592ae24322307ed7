import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { backends, openTestStore, SETUP_TIMEOUT_MS } from '../test-support/backends.ts';
import { hashToken, newToken } from '../tokens.ts';
import { CHALLENGE_TTL_MS } from './challenges.ts';
import type { StaffStore } from './staff-store.ts';

const invitation = () => ({ tokenHash: hashToken(newToken()), createdBy: null });

describe.each(backends)('passkey challenges in the staff store on $name', (backend) => {
  let store: StaffStore;
  let advance: (ms: number) => void;
  beforeEach(async () => {
    ({ store, advance } = await openTestStore(backend));
  }, 60_000);
  afterEach(() => store.close());
  beforeAll(() => backend.setup(), SETUP_TIMEOUT_MS);
  afterAll(() => backend.teardown(), 30_000);

  it('issues 32 random bytes (base64url) kept five minutes, and takes each once', async () => {
    const { challenge, expiresAt } = await store.issueChallenge('sign-in', null);
    expect(challenge).toMatch(/^[\w-]{43}$/);
    expect(Date.parse(expiresAt) - store.now().getTime()).toBeGreaterThan(CHALLENGE_TTL_MS - 1000);
    expect((await store.issueChallenge('sign-in', null)).challenge).not.toBe(challenge);
    expect(await store.takeChallenge(challenge, 'sign-in', null)).toBe(true);
    expect(await store.takeChallenge(challenge, 'sign-in', null)).toBe(false);
    expect(await store.takeChallenge('never-made', 'sign-in', null)).toBe(false);
  });

  it('lets exactly one of two takes at once through', async () => {
    const { challenge } = await store.issueChallenge('sign-in', null);
    const taken = await Promise.all([store.takeChallenge(challenge, 'sign-in', null), store.takeChallenge(challenge, 'sign-in', null)]);
    expect(taken.filter(Boolean)).toHaveLength(1);
  });

  it('gives a challenge only for its purpose and its person', async () => {
    const { user: an } = await store.addUser('an@example.nl', 'sales', invitation());
    const { user: bo } = await store.addUser('bo@example.nl', 'sales', invitation());
    const forAn = (await store.issueChallenge('register', an.id)).challenge;
    expect(await store.takeChallenge(forAn, 'register', bo.id)).toBe(false);
    expect(await store.takeChallenge(forAn, 'register', null)).toBe(false);
    expect(await store.takeChallenge(forAn, 'sign-in', null)).toBe(false);
    expect(await store.takeChallenge(forAn, 'step-up', an.id)).toBe(false);
    expect(await store.takeChallenge(forAn, 'register', an.id)).toBe(true);
    const signIn = (await store.issueChallenge('sign-in', null)).challenge;
    expect(await store.takeChallenge(signIn, 'sign-in', an.id)).toBe(false);
    expect(await store.takeChallenge(signIn, 'register', null)).toBe(false);
    expect(await store.takeChallenge(signIn, 'sign-in', null)).toBe(true);
  });

  it('gives none past its five minutes, and sweeps the expired ones away', async () => {
    const { challenge: late } = await store.issueChallenge('sign-in', null);
    advance(CHALLENGE_TTL_MS - 1000);
    const { challenge: inTime } = await store.issueChallenge('sign-in', null);
    advance(1000);
    expect(await store.takeChallenge(late, 'sign-in', null)).toBe(false);
    expect(await store.sweep()).toBe(1);
    expect(await store.takeChallenge(inTime, 'sign-in', null)).toBe(true);
  });
});

import { randomBytes } from 'node:crypto';
import type { Db } from './types.ts';

/** What a passkey ceremony's challenge was made for: it is taken for that purpose only. */
export type ChallengePurpose = 'sign-in' | 'register' | 'step-up';

/** Five minutes: time to find the device and touch it, not to keep a captured ceremony for later. */
export const CHALLENGE_TTL_MS = 5 * 60 * 1000;

/**
 * A new challenge of the server's, kept for CHALLENGE_TTL_MS: 32 random bytes, base64url as the browser will send
 * it back in clientDataJSON. `userId` is the signed-in person it was made for, null for a sign-in (nobody yet).
 */
export async function issueChallenge(db: Db, purpose: ChallengePurpose, userId: string | null, now: Date): Promise<{ challenge: string; expiresAt: string }> {
  const challenge = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + CHALLENGE_TTL_MS).toISOString();
  await db.insertInto('staff_challenges').values({ challenge, purpose, user_id: userId, created_at: now.toISOString(), expires_at: expiresAt }).execute();
  return { challenge, expiresAt };
}

/**
 * Takes a challenge for one verification, whatever its outcome: one DELETE that both databases apply atomically,
 * so of two verifications at once only one gets it. False for a challenge the server never made, one used before,
 * one expired, or one made for another purpose or another person.
 */
export async function takeChallenge(db: Db, challenge: string, purpose: ChallengePurpose, userId: string | null, now: Date): Promise<boolean> {
  const result = await db
    .deleteFrom('staff_challenges')
    .where('challenge', '=', challenge)
    .where('purpose', '=', purpose)
    .where((eb) => (userId === null ? eb('user_id', 'is', null) : eb('user_id', '=', userId)))
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Challenges past their time count for nothing: dropped by a sweep. */
export async function sweepChallenges(db: Db, now: Date): Promise<number> {
  const result = await db.deleteFrom('staff_challenges').where('expires_at', '<=', now.toISOString()).executeTakeFirst();
  return Number(result.numDeletedRows);
}

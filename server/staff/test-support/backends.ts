import { databaseBackends, type Backend } from '../../../tests/support/database-backends.ts';
import type { StorageOptions } from '../../storage/types.ts';
import { openStaffStore, type StaffStore } from '../store/staff-store.ts';

export type { Backend };

/** The two databases the staff tables live on, for describe.each (tests/support/database-backends.ts). */
export const backends = databaseBackends({ prefix: 'staff-test-' });

/** How long a test file gives a backend to start (PostgreSQL under a loaded machine) */
export const SETUP_TIMEOUT_MS = 180_000;

/** A clock the test moves: each reading is 1 ms after the last (as the store's real clock), advance() jumps ahead. */
export function testClock(start = Date.parse('2026-11-29T09:00:00Z')) {
  let t = start;
  return { clock: () => new Date((t += 1)), advance: (ms: number) => void (t += ms), peek: () => t };
}

export async function openTestStore(
  backend: Backend,
): Promise<{ store: StaffStore; options: StorageOptions; advance: (ms: number) => void; peek: () => number }> {
  const options = await backend.fresh();
  const { clock, advance, peek } = testClock();
  const store = await openStaffStore(options, { clock });
  return { store, options, advance, peek };
}

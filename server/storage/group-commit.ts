import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';
import type { NewLead } from './types.ts';
import { addLead } from './lead-queries.ts';
import { isSqliteBusy } from './errors.ts';

type Added = { id: string; created: boolean };
interface Waiting {
  lead: NewLead;
  resolve: (added: Added) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit: every commit waits for its disk sync (that is what makes an
 * acknowledged lead survive kill -9), and one sync costs far more than an
 * insert. So leads that arrive together are written in one
 * transaction, and each caller is answered only after that commit.
 */
export function groupCommit(db: Kysely<Database>, now: () => Date): (lead: NewLead) => Promise<Added> {
  let queue: Waiting[] = [];
  let scheduled = false;

  async function flush() {
    while (queue.length > 0) {
      const batch = queue;
      queue = [];
      try {
        // stamped in the order they came, written in the order of their submission ids: two processes whose
        // batches share submissions then wait for each other's rows in the same order, never in a deadlock
        const stamped = batch.map((item, i) => ({ lead: item.lead, at: now(), i }));
        stamped.sort((x, y) => (x.lead.submissionId < y.lead.submissionId ? -1 : x.lead.submissionId > y.lead.submissionId ? 1 : x.i - y.i));
        const added = await db.transaction().execute(async (trx) => {
          const out: Added[] = [];
          for (const { lead, at, i } of stamped) out[i] = await addLead(trx, lead, at);
          return out;
        });
        batch.forEach((item, i) => item.resolve(added[i]!));
      } catch (error) {
        // another process holds the write lock: one by one would only wait for it again, once per lead; the
        // callers try again (busy.ts) or answer 503
        if (isSqliteBusy(error)) {
          for (const item of batch) item.reject(error);
          continue;
        }
        // one lead the database refuses must not take its neighbours with it: write them one by one
        for (const item of batch) {
          try {
            item.resolve(await addLead(db, item.lead, now()));
          } catch (error) {
            item.reject(error);
          }
        }
      }
    }
    scheduled = false;
  }

  return (lead) =>
    new Promise<Added>((resolve, reject) => {
      queue.push({ lead, resolve, reject });
      if (scheduled) return;
      scheduled = true;
      // after this turn's I/O callbacks: the requests that arrived together join one batch
      setImmediate(() => void flush());
    });
}

/** How fast an upload body must come. */
export interface Pace {
  /** a read of the body that brings nothing for this long ends the upload */
  idleMs: number;
  /**
   * the least average, in bytes per second, over the time spent waiting for the client after its first `idleMs`;
   * 0 for none. Without it one byte every few seconds would hold an upload's place until REQUEST_TIMEOUT_MS.
   */
  minBytesPerSecond: number;
}

type Chunk = ReadableStreamReadResult<Uint8Array>;

/**
 * The reads of a body, each given only the time the pace allows: `idleMs`, or less once the body is behind its
 * least average. Only the time spent waiting for the client counts: while the caller is busy (the disk catching
 * up), the clock stands still. A read answers the chunk, 'late' when its time ran out (the caller cancels the
 * reader), or undefined once `stopped` settles.
 */
export function withinPace(reader: ReadableStreamDefaultReader<Uint8Array>, pace: Pace, stopped: Promise<void>): () => Promise<Chunk | 'late' | undefined> {
  let waited = 0;
  let received = 0;
  const halted = stopped.then(() => undefined);
  return async () => {
    // the waiting the bytes so far have paid for: the first idleMs are free, then 1 s per minBytesPerSecond bytes
    const earned = pace.minBytesPerSecond > 0 ? pace.idleMs + (received / pace.minBytesPerSecond) * 1000 - waited : Infinity;
    const allowed = Math.min(pace.idleMs, earned);
    if (allowed <= 0) return 'late';
    const started = performance.now();
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), allowed)));
    try {
      const next = await Promise.race([reader.read(), late, halted]);
      if (next && next !== 'late' && !next.done) received += next.value.byteLength;
      return next;
    } finally {
      clearTimeout(timer);
      waited += performance.now() - started;
    }
  };
}

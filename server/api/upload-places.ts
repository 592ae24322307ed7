/** An upload's place, taken until `release`. */
export interface Place {
  /** the bytes promised to all uploads under way, this one's included: the quota in all counts them before they are stored */
  reservedTotal: () => number;
  release: () => void;
}

/**
 * The places of uploads being received or re-encoded: at most `limit` at once, and one per address (the rate key,
 * an IPv6 address by its /64). One per address is what a visitor needs (the form sends its photos one after
 * another), and it keeps one client from taking every place with slow bodies: others find a place while it waits.
 */
export function uploadPlaces(limit: number): {
  refusal: (key: string) => 'busy' | 'address' | undefined;
  take: (key: string, reserve: number) => Place;
} {
  const busy = new Set<string>();
  let reservedTotal = 0;
  return {
    refusal: (key) => (busy.size >= limit ? 'busy' : busy.has(key) ? 'address' : undefined),
    take(key, reserve) {
      busy.add(key);
      reservedTotal += reserve;
      let released = false;
      return {
        reservedTotal: () => reservedTotal,
        release() {
          if (released) return;
          released = true;
          busy.delete(key);
          reservedTotal -= reserve;
        },
      };
    },
  };
}

/** Edit distance counting a swap of two neighbours as one edit ("hreo" -> "hero" is 1). */
function distance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, d[i - 2]![j - 2]! + 1);
      d[i]![j] = v;
    }
  }
  return d[a.length]![b.length]!;
}

/** The closest candidate when it is close enough to be a likely typo, else undefined. */
export function didYouMean(input: string, candidates: Iterable<string>): string | undefined {
  const needle = input.toLowerCase();
  const limit = Math.max(1, Math.floor(input.length / 3));
  let best: string | undefined;
  let bestScore = Infinity;
  for (const c of candidates) {
    // the distance is at least the difference in length: skip the table, whose size is the product of the two lengths
    // (a pasted document as a key)
    const candidate = c.toLowerCase();
    if (Math.abs(candidate.length - needle.length) > limit) continue;
    const score = distance(needle, candidate);
    if (score < bestScore) {
      best = c;
      bestScore = score;
    }
  }
  return best !== undefined && bestScore <= limit && best !== input ? best : undefined;
}

export function suggestion(input: string, candidates: Iterable<string>): string {
  const match = didYouMean(input, candidates);
  return match === undefined ? '' : ` - did you mean "${match}"?`;
}

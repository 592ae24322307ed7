/**
 * How alike pages are, by w-shingling: each page's text as the set of its runs of W consecutive words. Two pages that
 * share a sentence share all the shingles inside it, while the same words in another order share few, so the measure
 * counts copied phrases, not a shared vocabulary (every page about web design says "website"). W = 5 is the usual
 * choice for near-duplicate detection of web pages (Broder 1997): long enough that a shared shingle is a shared phrase,
 * short enough that a changed word breaks only five of them.
 */
export const SHINGLE_WORDS = 5;

/** The words of a text: letters and digits in any script, lower case. */
export function wordsOf(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu) ?? [];
}

/** The shingles of a word list, in order (a text shorter than W words is one shingle). */
export function shinglesOf(words: string[], w = SHINGLE_WORDS): string[] {
  if (words.length === 0) return [];
  if (words.length <= w) return [words.join(' ')];
  return Array.from({ length: words.length - w + 1 }, (_, i) => words.slice(i, i + w).join(' '));
}

/**
 * The share of `a`'s shingles that `b` has too (containment, 0 to 1). Not Jaccard: a short page copied whole into a
 * long one is 100% duplicate from the short page's side, which is the side a search engine drops.
 */
export function containment(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0) return 0;
  let shared = 0;
  for (const s of a) if (b.has(s)) shared++;
  return shared / a.size;
}

export interface PageText {
  path: string;
  text: string;
  /** pages are compared with the pages that share a group with them (the same service, the same city) */
  groups: string[];
}

export interface PageFigures {
  path: string;
  words: number;
  /** words of this page inside a phrase (shingle) that no other compared page has */
  ownWords: number;
  /** the most alike page, and the share of this page's phrases it has too */
  closest?: { path: string; similarity: number };
}

/** The words covered by at least one of the page's shingles that no other page has. */
function ownWordCount(words: string[], shingles: string[], isShared: (s: string) => boolean, w: number): number {
  if (words.length <= w) return shingles.length > 0 && !isShared(shingles[0]!) ? words.length : 0;
  const own = new Uint8Array(words.length);
  shingles.forEach((s, i) => {
    if (!isShared(s)) own.fill(1, i, i + w);
  });
  return own.reduce((sum, x) => sum + x, 0);
}

/** The pages of one group and, per shingle, which of them hold it (indexes into `members`). */
interface Group {
  members: number[];
  holders: Map<string, number[]>;
  /** for a shingle most members hold: the members that do not (made once, when first needed) */
  lacking: Map<string, number[]>;
}

function groupsOf(pages: PageText[], sets: Set<string>[]): Map<string, Group> {
  const groups = new Map<string, Group>();
  pages.forEach((page, i) =>
    page.groups.forEach((name) => {
      const group = groups.get(name) ?? groups.set(name, { members: [], holders: new Map(), lacking: new Map() }).get(name)!;
      for (const s of sets[i]!) (group.holders.get(s) ?? group.holders.set(s, []).get(s)!).push(group.members.length);
      group.members.push(i);
    }),
  );
  return groups;
}

/**
 * How many of page `self`'s shingles each other member of the group holds. A shingle most members hold (the
 * template's text) is counted for all at once and taken back from the few that lack it, so a group of n pages costs
 * about n x (the page's rarer shingles), not n x n x (its shingles).
 */
function sharedCounts(group: Group, self: number, shingles: Set<string>): Map<number, number> {
  const m = group.members.length;
  const counts = new Map<number, number>();
  let everyone = 0;
  for (const s of shingles) {
    const holders = group.holders.get(s)!;
    if (holders.length <= m / 2) {
      for (const k of holders) counts.set(k, (counts.get(k) ?? 0) + 1);
      continue;
    }
    everyone++;
    let lacking = group.lacking.get(s);
    if (!lacking) {
      const held = new Set(holders);
      lacking = group.members.flatMap((_, k) => (held.has(k) ? [] : [k]));
      group.lacking.set(s, lacking);
    }
    for (const k of lacking) counts.set(k, (counts.get(k) ?? 0) - 1);
  }
  const shared = new Map<number, number>();
  group.members.forEach((page, k) => {
    if (k !== self) shared.set(page, everyone + (counts.get(k) ?? 0));
  });
  return shared;
}

/** Each page's closest sibling (within its groups) and its own words, compared through an index of shingles per group. */
export function compareTexts(pages: PageText[], w = SHINGLE_WORDS): PageFigures[] {
  const words = pages.map((p) => wordsOf(p.text));
  const sets = words.map((ws) => new Set(shinglesOf(ws, w)));
  const groups = groupsOf(pages, sets);
  return pages.map((page, i) => {
    const own = page.groups.map((name) => groups.get(name)!);
    let closest: PageFigures['closest'];
    for (const group of own) {
      const shared = sharedCounts(group, group.members.indexOf(i), sets[i]!);
      for (const [j, count] of shared) {
        const similarity = sets[i]!.size === 0 ? 0 : count / sets[i]!.size;
        if (!closest || similarity > closest.similarity) closest = { path: pages[j]!.path, similarity };
      }
    }
    // a shingle another page of one of its groups holds too
    const isShared = (s: string) => own.some((g) => g.holders.get(s)!.length > 1);
    return { path: page.path, words: words[i]!.length, ownWords: ownWordCount(words[i]!, shinglesOf(words[i]!, w), isShared, w), closest };
  });
}

export function median(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

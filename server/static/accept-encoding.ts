export type Encoding = 'br' | 'gzip' | 'identity';

/** The weight of each coding the client named; an unparsable weight drops that entry. */
function weights(header: string): Map<string, number> {
  const map = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.split(';');
    const coding = name.trim().toLowerCase();
    if (!coding) continue;
    let q = 1;
    for (const param of params) {
      const m = /^\s*q\s*=\s*(.*?)\s*$/i.exec(param);
      if (m) q = /^\d+(?:\.\d*)?$/.test(m[1]!) ? Number(m[1]) : NaN;
    }
    if (!Number.isFinite(q) || q < 0 || q > 1) continue;
    map.set(coding === 'x-gzip' ? 'gzip' : coding, q);
  }
  return map;
}

/** below every weight a client can write (q has at most 3 decimals) */
const UNNAMED_IDENTITY = 0.0001;

/**
 * The best coding of those available, by the client's q-values (RFC 9110
 * 12.5.3); on equal weight br before gzip before identity. q=0 excludes a
 * coding and "*" stands for the ones not named. Identity is acceptable unless
 * excluded, but only wins when the client names it (or "*") with a higher
 * weight: "br;q=0.5, gzip;q=0.8" asks for gzip. When nothing is acceptable the
 * file is sent as it is.
 */
export function negotiateEncoding(header: string | undefined, available: { br: boolean; gzip: boolean }): Encoding {
  if (!header || (!available.br && !available.gzip)) return 'identity';
  const q = weights(header);
  const star = q.get('*');
  const weightOf = (coding: Encoding) => q.get(coding) ?? (coding === 'identity' ? (star ?? UNNAMED_IDENTITY) : (star ?? 0));
  let best: Encoding = 'identity';
  let bestQ = 0;
  for (const coding of ['br', 'gzip', 'identity'] as const) {
    if (coding !== 'identity' && !available[coding]) continue;
    const w = weightOf(coding);
    if (w > bestQ) {
      best = coding;
      bestQ = w;
    }
  }
  return best;
}

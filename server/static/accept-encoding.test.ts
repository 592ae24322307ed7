import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { negotiateEncoding, type Encoding } from './accept-encoding.ts';

const both = { br: true, gzip: true };

describe('negotiateEncoding', () => {
  it.each([
    [undefined, both, 'identity'],
    ['br, gzip', { br: false, gzip: true }, 'gzip'],
    ['br', { br: false, gzip: true }, 'identity'],
    ['gzip;q=0.2, br;q=0.1', both, 'gzip'],
    ['GZIP;Q=0.5, BR;Q=0.4', both, 'gzip'],
    ['br;q=0.5, identity;q=1', both, 'identity'],
    ['*;q=0', both, 'identity'],
    ['br;q=2', both, 'identity'],
    ['br;q=abc, gzip', both, 'gzip'],
    [' br ; q = 0.7 , gzip ; q = 0.7 ', both, 'br'],
    ['gzip;q=0.001', both, 'gzip'],
  ] as [string | undefined, { br: boolean; gzip: boolean }, Encoding][])('%j with %j -> %s', (header, available, expected) => {
    expect(negotiateEncoding(header, available)).toBe(expected);
  });

  it('never picks a coding the client excluded or the file lacks', () => {
    const coding = fc.constantFrom('br', 'gzip', 'identity', '*', 'deflate', 'x-gzip');
    const q = fc.constantFrom('', ';q=0', ';q=0.0', ';q=0.5', ';q=1', ';q=0.001');
    const header = fc.array(fc.tuple(coding, q), { maxLength: 5 }).map((parts) => parts.map(([c, w]) => c + w).join(', '));
    fc.assert(
      fc.property(header, fc.boolean(), fc.boolean(), (h, br, gzip) => {
        const chosen = negotiateEncoding(h, { br, gzip });
        if (chosen === 'br') expect(br).toBe(true);
        if (chosen === 'gzip') expect(gzip).toBe(true);
        if (chosen !== 'identity') {
          const excluded = new RegExp(`(^|, )${chosen === 'gzip' ? '(x-)?gzip' : 'br'};q=0(\\.0)?(,|$)`);
          // the last mention of a coding decides its weight
          const mentions = h.split(', ').filter((p) => p.split(';')[0]!.replace('x-', '') === chosen);
          if (mentions.length > 0) expect(excluded.test(mentions.at(-1)!)).toBe(false);
        }
      }),
    );
  });
});

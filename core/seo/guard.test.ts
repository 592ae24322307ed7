import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { formatGuardReport, guardLanding } from './guard.ts';
import { validateSite } from '../validate/validate.ts';
import { paths } from '../paths.ts';
import { CONTENT_LANDING_FIXTURE as FIXTURE, siteWithCopiedCity } from './testing/copied-city.ts';

const load = (roots: string[]) => validateSite({ roots, schemaDir: paths.schemas }).site!;
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

function bathCopiesBristol(): string {
  const dir = siteWithCopiedCity();
  dirs.push(dir);
  return dir;
}

describe('the thin and duplicate guard', () => {
  it("passes the fixture's content pages, and gives the figures of the matrix", () => {
    const result = guardLanding(load([FIXTURE]));
    expect(result.warnings).toEqual([]);
    expect(result.content.pages).toHaveLength(6);
    expect(result.content.worst!.similarity).toBeLessThan(0.6);
    expect(result.content.thinnest!.ownWords).toBeGreaterThanOrEqual(150);
    const report = formatGuardReport(result);
    expect(report).toMatch(
      /content landing pages\n {2}pages: 6, \d+ to \d+ words each\n {2}similarity to the closest sibling: median \d+%, worst \d+% \(\/\S+ and \/\S+\)/,
    );
    expect(report).toMatch(/thinnest page: \/\S+, \d+ words of its own of \d+/);
  });

  it('says plainly that redirecting landing pages are doorway pages', () => {
    const report = formatGuardReport(guardLanding(load([FIXTURE])));
    expect(report).toContain("these 3 pages are doorway pages by Google's definition");
    expect(report).toContain('"landing.noindexRedirects": true');
  });

  it('names both pages when a city copies another, and calls the copy thin', () => {
    const { warnings } = guardLanding(load([bathCopiesBristol()]));
    const duplicate = warnings.find((w) => w.path === '/web-design-bath' && w.other);
    expect(duplicate?.other).toBe('/web-design-bristol');
    expect(duplicate?.message).toMatch(
      /^\/web-design-bath shares (9\d|100)% of its phrases with \/web-design-bristol \(at most 60%\): give Bath more text of its own/,
    );
    expect(warnings.find((w) => w.path === '/web-design-bath' && !w.other)?.message).toMatch(
      /^\/web-design-bath has \d+ words of its own \(at least 150\): a thin page/,
    );
    // Milton Keynes keeps its own text: not named
    expect(warnings.map((w) => w.path)).not.toContain('/web-design-milton-keynes');
  });
});

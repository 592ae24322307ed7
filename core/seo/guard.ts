import { compareTexts, median, type PageFigures } from './similarity.ts';
import { landingTexts, type LandingText } from './landing-texts.ts';
import { contentFile } from '../site/layout.ts';
import type { LoadedSite } from '../site/model.ts';
import type { LandingGuard } from '../site/schema-types.ts';
import { locate, parseJsonSource } from '../validate/source-map.ts';
import type { Problem } from '../validate/validate.ts';
import { wordlessWarnings } from './wordless.ts';
import { coded, type CodedMessage } from '../validate/problem-catalog.ts';

/** The guard's limits when the config sets none (the schema's defaults). */
export const GUARD_DEFAULTS: Required<LandingGuard> = { maxSimilarity: 0.6, minOwnWords: 150, failOnWarning: false };

/** A warning: its code, params and message (core/validate/problem-catalog.ts), and whose it is. */
export type GuardWarning = CodedMessage & {
  /** the landing page warned about ('' for a text of several pages) */
  path: string;
  /** the other page, for a duplicate */
  other?: string;
  /** the city of the page: its data is where own text goes */
  city?: string;
  /** where to fix it, when that is not the city's data: a site file and the JSON pointer of the text */
  file?: string;
  pointer?: string;
};

export interface GuardReport {
  kind: 'content' | 'redirect';
  pages: PageFigures[];
  medianSimilarity: number;
  worst?: { path: string; other: string; similarity: number };
  thinnest?: PageFigures;
}

export interface GuardResult {
  limits: Required<LandingGuard>;
  content: GuardReport;
  redirect: GuardReport;
  warnings: GuardWarning[];
}

const percent = (x: number) => `${Math.round(x * 100)}%`;

function reportOf(kind: GuardReport['kind'], pages: PageFigures[]): GuardReport {
  const similar = pages.filter((p) => p.closest);
  const worst = similar.reduce<PageFigures | undefined>((w, p) => (!w || p.closest!.similarity > w.closest!.similarity ? p : w), undefined);
  const thinnest = pages.reduce<PageFigures | undefined>((t, p) => (!t || p.ownWords < t.ownWords ? p : t), undefined);
  return {
    kind,
    pages,
    medianSimilarity: median(similar.map((p) => p.closest!.similarity)),
    worst: worst && { path: worst.path, other: worst.closest!.path, similarity: worst.closest!.similarity },
    thinnest,
  };
}

/** Warnings for the content landing pages over a limit: too much like their closest sibling, or too few own words. */
function warningsOf(figures: PageFigures[], texts: LandingText[], limits: Required<LandingGuard>): GuardWarning[] {
  return figures.flatMap((f, i) => {
    const { city } = texts[i]!;
    const found: GuardWarning[] = [];
    if (f.closest && f.closest.similarity > limits.maxSimilarity)
      found.push({
        path: f.path,
        other: f.closest.path,
        city,
        ...coded('landing-alike', { page: f.path, similarity: f.closest.similarity, other: f.closest.path, maxSimilarity: limits.maxSimilarity, city }),
      });
    if (f.ownWords < limits.minOwnWords)
      found.push({
        path: f.path,
        city,
        ...coded('landing-thin', { page: f.path, ownWords: f.ownWords, minOwnWords: limits.minOwnWords, city }),
      });
    return found;
  });
}

/**
 * The thin and duplicate check of the landing matrix. Content pages are compared with the pages of the same service
 * and of the same city; redirecting pages are measured too, and never warned about one by one: they are doorway
 * pages by definition, which the report says once.
 */
export function guardLanding(loaded: LoadedSite): GuardResult {
  const limits = { ...GUARD_DEFAULTS, ...loaded.site.landing.guard };
  const texts = landingTexts(loaded);
  const content = texts.filter((t) => t.kind === 'content');
  const redirect = texts.filter((t) => t.kind === 'redirect');
  const contentFigures = compareTexts(content);
  return {
    limits,
    content: reportOf('content', contentFigures),
    redirect: reportOf('redirect', compareTexts(redirect)),
    warnings: [...warningsOf(contentFigures, content, limits), ...wordlessWarnings(loaded)],
  };
}

function summaryLines(r: GuardReport): string[] {
  if (r.pages.length === 0) return [];
  const words = r.pages.map((p) => p.words);
  const lines = [
    `  pages: ${r.pages.length}, ${Math.min(...words)} to ${Math.max(...words)} words each`,
    `  similarity to the closest sibling: median ${percent(r.medianSimilarity)}, worst ${r.worst ? `${percent(r.worst.similarity)} (${r.worst.path} and ${r.worst.other})` : 'none'}`,
  ];
  if (r.thinnest) lines.push(`  thinnest page: ${r.thinnest.path}, ${r.thinnest.ownWords} words of its own of ${r.thinnest.words}`);
  return lines;
}

/** The report `npm run validate -- --seo` prints. */
export function formatGuardReport(result: GuardResult): string {
  const { content, redirect, limits } = result;
  const lines = [`landing pages (phrases of ${5} words; at most ${percent(limits.maxSimilarity)} alike, at least ${limits.minOwnWords} own words):`];
  if (content.pages.length > 0) lines.push('content landing pages', ...summaryLines(content));
  if (redirect.pages.length > 0)
    lines.push(
      'redirecting landing pages',
      ...summaryLines(redirect),
      `  these ${redirect.pages.length} pages are doorway pages by Google's definition (many near-identical pages for places, that send the visitor on to one page); search engines may demote them or the whole site. Make their services "kind": "content", or set "landing.noindexRedirects": true to keep them out of the index and the sitemap.`,
    );
  if (content.pages.length === 0 && redirect.pages.length === 0) lines.push('  no landing pages');
  return lines.join('\n');
}

/**
 * The warnings as problems at the place to fix them: the text's own place, or the city's entry in the city data (or
 * the landing config when there is none), so an editor jumps to where the page's own text goes.
 */
export function locatedWarnings(result: GuardResult, loaded: LoadedSite, read: (file: string) => string | undefined): Problem[] {
  const dataId = loaded.site.landing.cityData;
  const dataFile = dataId ? contentFile('collection', dataId) : undefined;
  const text = dataFile ? read(dataFile) : undefined;
  const source = dataFile && text !== undefined ? parseJsonSource(dataFile, text) : undefined;
  const items = ((source?.data as { items?: { city?: string }[] } | undefined)?.items ?? []).map((i) => i.city);
  const config = read('site.config.json');
  const configSource = config === undefined ? undefined : parseJsonSource('site.config.json', config);
  const sources = new Map<string, ReturnType<typeof parseJsonSource> | undefined>();
  const sourceOf = (file: string) => {
    if (!sources.has(file)) {
      const own = read(file);
      sources.set(file, own === undefined ? undefined : parseJsonSource(file, own));
    }
    return sources.get(file);
  };
  return result.warnings.map((w) => {
    const problem = { code: w.code, params: w.params, message: w.message } as CodedMessage;
    if (w.file && w.pointer !== undefined) {
      const at = sourceOf(w.file);
      return { file: w.file, ...(at ? locate(at, w.pointer) : { line: 1, column: 1 }), pointer: w.pointer, ...problem };
    }
    const index = w.city === undefined ? -1 : items.indexOf(w.city);
    if (source && index >= 0) {
      const pointer = `/items/${index}`;
      return { file: source.file, ...locate(source, pointer), pointer, ...problem };
    }
    const pointer = '/landing/cities';
    return { file: 'site.config.json', ...(configSource ? locate(configSource, pointer) : { line: 1, column: 1 }), pointer, ...problem };
  });
}

import type { TextPatch } from './preview-page.ts';

/**
 * What the studio and the agent in each preview's page (preview-agent.ts) say to each other. The page is sandboxed on
 * an origin of its own (studio/ui/preview/preview-frame.tsx): the studio cannot touch its document, so it asks the
 * agent, which does it there and tells the studio what it needs back. Each message names its side, so that neither
 * takes another script's message for one of these.
 */

/** What the studio says to the agent. */
export type ToAgentBody =
  /** the text being typed: shown in the page at once, and in the page's text as soon as it is parsed */
  | { kind: 'typed'; patch: TextPatch | undefined }
  /** the selected block (by its place among the page's blocks): outlined, and scrolled to when asked */
  | { kind: 'select'; index: number | undefined; scroll: boolean }
  /**
   * the blocks put in a new order (`order`: for each block now, its place before, among `count`), in a page of
   * `route` rendered before `revision` (ms since the epoch)
   */
  | { kind: 'moved'; route: string; order: number[]; count: number; revision: number }
  /** a new render of `route` (its document's HTML) asked for at `askedAt`: its blocks put in a page older than that */
  | { kind: 'fresh'; route: string; html: string; askedAt: number }
  /** a change of the files at `revision`: the agent asks to be loaded again when its page is older, once it has painted */
  | { kind: 'reload'; revision: number };

/** What the agent says to the studio. */
export type FromAgentBody =
  /** the agent runs: the page's path, and when it was asked for (its performance.timeOrigin, ms since the epoch) */
  | { kind: 'hello'; path: string; timeOrigin: number }
  /**
   * the page's text is there (DOMContentLoaded), the text typed and the selection put in; `restored` when it was
   * scrolled back to where the page it replaced was (the same path loaded again)
   */
  | { kind: 'ready'; path: string; timeOrigin: number; restored: boolean }
  /** a click on a block of the page, by its place */
  | { kind: 'select'; index: number }
  /** the page is older than `revision` and has painted what it was given: the studio loads it again */
  | { kind: 'reload'; revision: number };

/** A message of the studio's to the agent, as posted. */
export type ToAgent = { to: 'preview-agent' } & ToAgentBody;

/** A message of the agent's to the studio, as posted. */
export type FromAgent = { from: 'preview-agent' } & FromAgentBody;

const tagged = (data: unknown, key: 'to' | 'from'): boolean =>
  typeof data === 'object' &&
  data !== null &&
  (data as Record<string, unknown>)[key] === 'preview-agent' &&
  typeof (data as { kind?: unknown }).kind === 'string';

/** Whether a message is the studio's to the agent. */
export const isToAgent = (data: unknown): data is ToAgent => tagged(data, 'to');

/** Whether a message is the agent's to the studio. */
export const isFromAgent = (data: unknown): data is FromAgent => tagged(data, 'from');

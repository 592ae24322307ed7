/**
 * What the preview's agent (preview-agent.ts) does inside the page it runs in, as the studio asks: find the page's
 * blocks, outline and scroll to one, put a typed text in at once, and put a new render's blocks in place. The studio
 * never touches the page itself: it is sandboxed on an origin of its own.
 */

/** A text the person is typing, shown in the page at once: any of `from` (what the page may show now) becomes `to`. */
export interface TextPatch {
  from: string[];
  to: string;
}

const OUTLINE = '3px solid #2563eb';
/** the blocks the preview outlined (in any page it showed) */
const outlined = new WeakSet<Element>();

/** Elements of main that are no block: the page's JSON-LD, templates. */
const isBlock = (el: Element) => el.tagName !== 'SCRIPT' && el.tagName !== 'TEMPLATE';

/** The page's blocks: the elements main holds, in order (each block renders one). */
export function blockElements(doc: Document): Element[] {
  return [...(doc.querySelector('main')?.children ?? [])].filter(isBlock);
}

/**
 * Replaces the text `from` with `to` in the page's main content, in text nodes that hold exactly it: the same
 * text the render will put there, shown a reload sooner. A text the page shows otherwise (filled into a template,
 * split by markup) is left to the render.
 */
export function patchText(doc: Document, patch: TextPatch): void {
  const main = doc.querySelector('main');
  // an emptied text is no valid page: the preview keeps the last valid render rather than blanking it
  if (patch.to.trim() === '') return;
  const from = new Set(patch.from.filter((text) => text.trim() !== '' && text !== patch.to));
  if (!main || from.size === 0) return;
  const walker = doc.createTreeWalker(main, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.nodeValue !== null && from.has(node.nodeValue)) node.nodeValue = patch.to;
  }
}

/** Outlines the selected block (by its place among the page's blocks) and no other. */
export function outlineBlock(doc: Document, selected: number | undefined): void {
  blockElements(doc).forEach((el, index) => {
    // a block's own style attribute is left as the render wrote it unless the outline comes or goes
    if ((index === selected) === outlined.has(el)) return;
    const style = (el as HTMLElement).style;
    style.outline = index === selected ? OUTLINE : '';
    style.outlineOffset = index === selected ? '-3px' : '';
    if (index === selected) outlined.add(el);
    else outlined.delete(el);
    if (style.length === 0) el.removeAttribute('style');
  });
}

/**
 * Scrolls the page (only the page: scrollIntoView would scroll the studio's columns too, the frame's box out of
 * sight) so that the block shows from its top, just below the page's sticky header (the page's scroll-padding-top),
 * as far as the page scrolls. A block already wholly in view stays where it is.
 */
export function scrollToBlock(doc: Document, index: number | undefined): void {
  const win = doc.defaultView;
  const el = index === undefined ? undefined : blockElements(doc)[index];
  if (!win || !el) return;
  const rect = el.getBoundingClientRect();
  const padding = Number.parseFloat(win.getComputedStyle(doc.documentElement).scrollPaddingTop) || 0;
  if (rect.top >= padding && rect.bottom <= win.innerHeight) return;
  win.scrollTo({ top: win.scrollY + rect.top - padding, behavior: 'instant' });
}

/** A block's markup as the server rendered it: the outline the preview draws is not part of it. */
function rendered(el: Element): string {
  if (!outlined.has(el)) return el.outerHTML;
  const copy = el.cloneNode(true) as HTMLElement;
  copy.style.outline = '';
  copy.style.outlineOffset = '';
  if (copy.style.length === 0) copy.removeAttribute('style');
  return copy.outerHTML;
}

/**
 * Puts the blocks of a new render of the page (`fresh`, the same route) into the page shown, when they differ from
 * it by their number or order: a block the page already shows (the same markup) is moved, not made again (an
 * island it holds keeps running), a new or changed one comes from the render, one that is gone is taken out. A
 * change inside blocks that stay in their places is left to the reload that follows (the person may be typing
 * there, ahead of the render). True when the page changed.
 */
export function placeBlocks(doc: Document, fresh: Document): boolean {
  const main = doc.querySelector('main');
  const freshBlocks = blockElements(fresh);
  if (!main || !fresh.querySelector('main')) return false;
  const shown = blockElements(doc);
  const markup = shown.map(rendered);
  const taken = new Set<number>();
  // each block of the render, the same block of the page: the one in its own place first, else the first free one
  const from = freshBlocks.map((block, to) => {
    const html = block.outerHTML;
    const at = markup[to] === html && !taken.has(to) ? to : markup.findIndex((m, i) => m === html && !taken.has(i));
    if (at >= 0) taken.add(at);
    return at;
  });
  const moved = from.some((at, to) => at >= 0 && at !== to);
  if (freshBlocks.length === shown.length && !moved) return false;
  const blocks = freshBlocks.map((block, to) => (from[to]! >= 0 ? shown[from[to]!]! : doc.importNode(block, true)));
  // the page's JSON-LD and templates stay first; comments (React's markers) go with the old order
  main.replaceChildren(...[...main.children].filter((el) => !isBlock(el)), ...blocks);
  return true;
}

/**
 * Puts the page's blocks in a new order, some taken out or copied (`order`: for each block now, its place before;
 * a place given again is a copy, drawn from the block's markup until the reload renders it), when the page shows
 * the `count` blocks it was rendered with. True when it did.
 */
export function reorderBlocks(doc: Document, order: number[], count: number): boolean {
  const main = doc.querySelector('main');
  const shown = blockElements(doc);
  if (!main || shown.length !== count) return false;
  const placed = new Set<number>();
  const blocks = order.map((from) => {
    const block = placed.has(from) ? shown[from]!.cloneNode(true) : shown[from]!;
    placed.add(from);
    return block;
  });
  main.replaceChildren(...[...main.children].filter((el) => !isBlock(el)), ...blocks);
  return true;
}

import type { ComponentType } from 'react';
import type { Block } from '../../core/site/schema-types.ts';
import type { CollectionData, FormData } from '../../core/site/model.ts';
import { isBlockType, registry, type Hydrate } from '../registry/registry.ts';
import { CHAT_SESSION_KEY } from '../chat/chat-machine.ts';

/** Islands of the shell, not blocks of a page: one line each, like the block registry. */
export const shellIslands = {
  // HTML and CSS (the button, the badge's timing) until the visitor points at, touches or focuses the chat itself:
  // no script of it runs while the page loads (a click before its code arrives still opens it)
  chat: {
    hydrate: 'interaction',
    // a chat left open on the last page hydrates at once; a saved badge shows from the first paint
    session: CHAT_SESSION_KEY,
    load: () => import('../chat/chat-widget.tsx').then((m) => m.default),
  },
  // only on a site with marketing or statistics tags: reads the visitor's choice when the browser is idle after the
  // page is shown (never competing with the first paint), loads the tags it grants, and shows the banner when there
  // is none yet (a site without tags has no such island, and no script)
  consent: {
    hydrate: 'idle',
    load: () => import('../consent/consent-banner.tsx').then((m) => m.default),
  },
} as const satisfies Record<string, { hydrate: Hydrate; session?: string; load: () => Promise<ComponentType> }>;

export type ShellIsland = keyof typeof shellIslands;

/** What an island needs in the browser, written into its element as JSON at build time. */
export interface IslandProps {
  /** the block, for a block island */
  block?: Block;
  /** the block's index on its page, for error messages */
  index?: number;
  /** only the collections and forms the island read while it was prerendered */
  data: { collections: Record<string, CollectionData>; forms: Record<string, FormData> };
}

/** One island found while prerendering a page. */
export interface IslandSpec {
  name: string;
  hydrate: Hydrate;
  /** sessionStorage key of the state the island carries between pages */
  session?: string;
  /** more data-* attributes for the island's element, read by the bootstrap before it hydrates */
  attributes?: Record<`data-${string}`, string>;
  props: IslandProps;
}

export const isShellIsland = (name: string): name is ShellIsland => Object.hasOwn(shellIslands, name);

/** The component of an island by name: a block type or a shell island. */
export async function loadIsland(name: string): Promise<ComponentType<{ block?: Block }>> {
  if (isShellIsland(name)) return (await shellIslands[name].load()) as ComponentType<{ block?: Block }>;
  if (isBlockType(name)) return (await registry[name].load()) as ComponentType<{ block?: Block }>;
  throw new Error(`no island "${name}"`);
}

/** The prefix of React's generated ids in island number `id`: the same in the prerender and in the browser. */
export const islandPrefix = (id: number) => `i${id}-`;

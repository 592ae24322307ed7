import { createContext, useContext, type ReactNode } from 'react';
import type { IslandSpec } from './islands.ts';

/** Collects the islands of a page while the server renders it (build and dev server); null everywhere else (inside an island, unit tests). */
export interface IslandCollector {
  /** registers an island once per key and returns its number on the page */
  add(key: object, spec: IslandSpec): number;
}

export const IslandCollectorContext = createContext<IslandCollector | null>(null);

export const useIslandCollector = () => useContext(IslandCollectorContext);

/** The placeholder the prerenderer replaces with the island's own HTML, rendered as its own React root. */
export const slotMarkup = (id: number) => `<div data-island-slot="${id}"></div>`;

export function IslandSlot({ id }: { id: number }): ReactNode {
  return <div data-island-slot={id} />;
}

/** A collector that numbers islands in the order they are met. */
export function createCollector(): IslandCollector & { islands: IslandSpec[] } {
  const ids = new Map<object, number>();
  const islands: IslandSpec[] = [];
  return {
    islands,
    add(key, spec) {
      let id = ids.get(key);
      if (id === undefined) {
        id = islands.push(spec) - 1;
        ids.set(key, id);
      }
      return id;
    },
  };
}

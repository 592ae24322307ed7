import { lazy, type ComponentType } from 'react';
import type { Block } from '../../core/site/schema-types.ts';
import { isBlockType, registry } from '../registry/registry.ts';

type AnyBlockComponent = ComponentType<{ block: Block }>;

const resolved = new Map<string, AnyBlockComponent>();
const lazies = new Map<string, AnyBlockComponent>();

/** Loads the components of these block types (all by default), so rendering them never suspends. */
export async function preloadBlocks(types: Iterable<string> = Object.keys(registry)): Promise<void> {
  await Promise.all(
    [...new Set(types)].filter(isBlockType).map(async (type) => {
      if (!resolved.has(type)) resolved.set(type, (await registry[type].load()) as AnyBlockComponent);
    }),
  );
}

/** The component of a block type: the loaded one, or a lazy one that loads its chunk; undefined for an unknown type. */
export function blockComponent(type: string): AnyBlockComponent | undefined {
  if (!isBlockType(type)) return undefined;
  const ready = resolved.get(type);
  if (ready) return ready;
  let pending = lazies.get(type);
  if (!pending) {
    const line = registry[type];
    pending = lazy(async () => ({ default: (await line.load()) as AnyBlockComponent }));
    lazies.set(type, pending);
  }
  return pending;
}

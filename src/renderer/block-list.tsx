import { Suspense, type ComponentType } from 'react';
import type { Block } from '../config/schema-types.ts';
import { registry } from './registry.ts';
import { BlockBoundary } from './block-boundary.tsx';
import { DevNotice } from './dev-notice.tsx';

/** Renders a page's blocks in order, each behind its own error boundary. */
export function BlockList({ blocks }: { blocks: Block[] }) {
  return blocks.map((block, index) => {
    const Component = (registry as Record<string, ComponentType<{ block: Block }> | undefined>)[block.type];
    const key = `${index}-${block.type}`;
    if (!Component)
      return <DevNotice key={key} title={`Unknown block type "${block.type}"`} detail="Add it to src/renderer/registry.ts or fix the type in the page file." />;
    return (
      <BlockBoundary key={key} blockType={block.type} index={index}>
        <Suspense fallback={null}>
          <Component block={block} />
        </Suspense>
      </BlockBoundary>
    );
  });
}

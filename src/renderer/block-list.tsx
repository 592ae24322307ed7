import { Suspense } from 'react';
import type { Block } from '../../core/site/schema-types.ts';
import { isBlockType, registry } from '../registry/registry.ts';
import { blockComponent } from './block-components.ts';
import { BlockBoundary } from '../ui/block-boundary.tsx';
import { usePageDataOrNull, useSite } from '../site/site-context.tsx';
import { IslandSlot, useIslandCollector } from '../islands/collector.tsx';
import { formTokenUrlFor } from '../forms/leads.ts';
import { ISLAND_ATTR } from '../../core/islands/attributes.ts';

const NO_DATA = { collections: {}, forms: {} };

/**
 * Renders a page's blocks in order, each behind its own error boundary. While the build prerenders a
 * page, a block that hydrates becomes an island: a placeholder now, its own React root afterwards.
 */
export function BlockList({ blocks }: { blocks: Block[] }) {
  const collector = useIslandCollector();
  const data = usePageDataOrNull() ?? NO_DATA;
  const { integrations } = useSite().site;
  return blocks.map((block, index) => {
    const key = `${index}-${block.type}`;
    const Component = blockComponent(block.type);
    // the validator rejects an unknown type before anything renders
    if (!Component || !isBlockType(block.type)) return null;
    const { hydrate } = registry[block.type];
    if (collector && hydrate !== 'static') {
      // a form's fill-time token is fetched by the page's bootstrap when the form is shown, before its code arrives
      const tokenUrl = block.type === 'form' ? formTokenUrlFor(integrations, block.form) : undefined;
      const attributes = tokenUrl ? { [ISLAND_ATTR.tokenUrl]: tokenUrl } : undefined;
      const id = collector.add(block, { name: block.type, hydrate, attributes, props: { block, index, data } });
      return <IslandSlot key={key} id={id} />;
    }
    return (
      <BlockBoundary key={key} blockType={block.type} index={index}>
        <Suspense fallback={null}>
          <Component block={block} />
        </Suspense>
      </BlockBoundary>
    );
  });
}

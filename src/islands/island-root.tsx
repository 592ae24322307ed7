import { Suspense, useEffect, type ComponentType } from 'react';
import type { Block } from '../../core/site/schema-types.ts';
import type { SiteModel } from '../../core/site/model.ts';
import { PageDataProvider, SiteProvider } from '../site/site-context.tsx';
import { BlockBoundary } from '../ui/block-boundary.tsx';
import type { IslandProps } from './islands.ts';

interface IslandRootProps {
  name: string;
  site: SiteModel;
  props: IslandProps;
  component: ComponentType<{ block?: Block }>;
  /** called once the island is hydrated (in the browser only: effects never run in the prerender) */
  onMount?: () => void;
}

function Mounted({ onMount }: { onMount?: () => void }) {
  useEffect(() => onMount?.(), [onMount]);
  return null;
}

/**
 * The one tree of an island, rendered alone at build time (its own React root and id prefix) and hydrated
 * alone in the browser, so the two always match.
 */
export function IslandRoot({ name, site, props, component: Component, onMount }: IslandRootProps) {
  return (
    <SiteProvider model={site}>
      <PageDataProvider data={props.data}>
        <Suspense fallback={null}>
          {props.block ? (
            <BlockBoundary blockType={name} index={props.index ?? 0}>
              <Component block={props.block} />
            </BlockBoundary>
          ) : (
            <Component />
          )}
        </Suspense>
        <Mounted onMount={onMount} />
      </PageDataProvider>
    </SiteProvider>
  );
}

import type { ComponentType } from 'react';
import type { Block } from '../../core/site/schema-types.ts';
import type { BlockOf } from '../../core/site/model.ts';
import type { HydrateDirective } from '../../core/islands/attributes.ts';

export type BlockType = Block['type'];
export type BlockComponent<T extends BlockType> = ComponentType<{ block: BlockOf<T> }>;

/**
 * When a block's JavaScript runs in the browser, like Astro's `client:` directives:
 * - `static`: never. The block is HTML and CSS from the build and ships no script.
 * - `load`: as soon as the page has loaded.
 * - `visible`: when the block scrolls near the viewport.
 * - `idle`: when the browser is idle after load.
 * - `interaction`: on the visitor's first pointer, touch, focus or key on the block.
 */
export type Hydrate = 'static' | HydrateDirective;

export interface RegistryLine<T extends BlockType> {
  hydrate: Hydrate;
  /** the component, in its own chunk: a static block's chunk is only ever loaded by the prerenderer */
  load: () => Promise<BlockComponent<T>>;
}

/**
 * One line per block type: how it hydrates and where its component lives. This is engine
 * knowledge, not content: a page only names block types, never how they load.
 */
export const registry: { [T in BlockType]: RegistryLine<T> } = {
  hero: { hydrate: 'static', load: () => import('../blocks/hero/hero.tsx').then((m) => m.Hero) },
  text: { hydrate: 'static', load: () => import('../blocks/text/text.tsx').then((m) => m.Text) },
  cta: { hydrate: 'static', load: () => import('../blocks/cta/cta.tsx').then((m) => m.Cta) },
  'link-list': { hydrate: 'static', load: () => import('../blocks/link-list/link-list.tsx').then((m) => m.LinkList) },
  'rich-text': { hydrate: 'static', load: () => import('../blocks/rich-text/rich-text.tsx').then((m) => m.RichText) },
  'services-overview': { hydrate: 'static', load: () => import('../blocks/services-overview/services-overview.tsx').then((m) => m.ServicesOverview) },
  'feature-rows': { hydrate: 'static', load: () => import('../blocks/feature-rows/feature-rows.tsx').then((m) => m.FeatureRows) },
  values: { hydrate: 'static', load: () => import('../blocks/values/values.tsx').then((m) => m.Values) },
  // an exclusive <details name> accordion: the browser opens and closes it
  faq: { hydrate: 'static', load: () => import('../blocks/faq/faq.tsx').then((m) => m.Faq) },
  'portfolio-grid': { hydrate: 'static', load: () => import('../blocks/portfolio-grid/portfolio-grid.tsx').then((m) => m.PortfolioGrid) },
  'marketing-services': { hydrate: 'static', load: () => import('../blocks/marketing-services/marketing-services.tsx').then((m) => m.MarketingServices) },
  results: { hydrate: 'static', load: () => import('../blocks/results/results.tsx').then((m) => m.Results) },
  'testimonial-carousel': {
    hydrate: 'visible',
    load: () => import('../blocks/testimonial-carousel/testimonial-carousel.tsx').then((m) => m.TestimonialCarousel),
  },
  'testimonial-slider': { hydrate: 'visible', load: () => import('../blocks/testimonial-slider/testimonial-slider.tsx').then((m) => m.default) },
  'portfolio-mockup': { hydrate: 'visible', load: () => import('../blocks/portfolio-mockup/portfolio-mockup.tsx').then((m) => m.PortfolioMockup) },
  'demo-carousel': { hydrate: 'visible', load: () => import('../blocks/demo-carousel/demo-carousel.tsx').then((m) => m.default) },
  // the form is HTML until the visitor touches it; its fill-time token is fetched by the page's bootstrap at load
  form: { hydrate: 'interaction', load: () => import('../forms/form-block.tsx').then((m) => m.default) },
};

export const isBlockType = (type: string): type is BlockType => Object.hasOwn(registry, type);

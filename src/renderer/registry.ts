import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { Block } from '../config/schema-types.ts';
import type { BlockOf } from '../config/model.ts';
import { Hero } from '../blocks/hero/hero.tsx';
import { Text } from '../blocks/text/text.tsx';
import { Cta } from '../blocks/cta/cta.tsx';
import { LinkList } from '../blocks/link-list/link-list.tsx';
import { RichText } from '../blocks/rich-text/rich-text.tsx';
import { ServicesOverview } from '../blocks/services-overview/services-overview.tsx';
import { FeatureRows } from '../blocks/feature-rows/feature-rows.tsx';
import { Values } from '../blocks/values/values.tsx';
import { Faq } from '../blocks/faq/faq.tsx';
import { TestimonialCarousel } from '../blocks/testimonial-carousel/testimonial-carousel.tsx';
import { PortfolioMockup } from '../blocks/portfolio-mockup/portfolio-mockup.tsx';
import { PortfolioGrid } from '../blocks/portfolio-grid/portfolio-grid.tsx';
import { MarketingServices } from '../blocks/marketing-services/marketing-services.tsx';
import { Results } from '../blocks/results/results.tsx';

export type BlockType = Block['type'];
export type BlockComponent<T extends BlockType> = ComponentType<{ block: BlockOf<T> }>;
type Entry<T extends BlockType> = BlockComponent<T> | LazyExoticComponent<BlockComponent<T>>;

/**
 * One line per block type. Light blocks are imported directly so their HTML
 * hydrates at once; heavy ones (swiper, dropzone, the mail SDK) load lazily and
 * only on pages that use them.
 */
export const registry: { [T in BlockType]: Entry<T> } = {
  hero: Hero,
  text: Text,
  cta: Cta,
  'link-list': LinkList,
  'rich-text': RichText,
  'services-overview': ServicesOverview,
  'feature-rows': FeatureRows,
  values: Values,
  faq: Faq,
  'testimonial-carousel': TestimonialCarousel,
  'testimonial-slider': lazy(() => import('../blocks/testimonial-slider/testimonial-slider.tsx')),
  'portfolio-mockup': PortfolioMockup,
  'portfolio-grid': PortfolioGrid,
  'demo-carousel': lazy(() => import('../blocks/demo-carousel/demo-carousel.tsx')),
  'marketing-services': MarketingServices,
  results: Results,
  form: lazy(() => import('../forms/form-block.tsx')),
};

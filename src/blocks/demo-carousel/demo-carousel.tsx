import { useId } from 'react';
import { Autoplay } from 'swiper/modules';
import type { BlockOf } from '../../../core/site/model.ts';
import type { PortfolioCollection } from '../../../core/site/schema-types.ts';
import { useCollection } from '../../site/site-context.tsx';
import { SwiperCarousel } from '../../ui/swiper-carousel.tsx';
import { Icon } from '../../ui/icons.tsx';
import { Img } from '../../ui/img.tsx';
import { SectionHeader } from '../../ui/section-header.tsx';
import { useReducedMotion } from './use-reduced-motion.ts';
import styles from './demo-carousel.module.css';
import { ExternalLink } from '../../ui/external-link.tsx';
import type { Defaulted } from '../../../core/site/defaulted.ts';
import { Section } from '../../ui/section.tsx';

/**
 * Portfolio slides that advance by themselves and wrap. `disableOnInteraction`
 * makes Swiper stop auto-play for good once the visitor moves it (arrow, dot
 * or swipe): they are looking now, so nothing should move under them.
 * Keyboard focus inside the carousel stops it for good too, or the focused
 * link would slide away into a hidden slide (WCAG 2.2.2); a hovering pointer
 * only pauses it, and it resumes when the pointer leaves.
 * Loaded lazily: Swiper ships only with pages that use this block.
 */
export default function DemoCarousel({ block }: { block: BlockOf<'demo-carousel'> }) {
  const { items } = useCollection<PortfolioCollection>(block.collection);
  const reducedMotion = useReducedMotion();
  const headingId = useId();
  const { delayMs } = block as Defaulted<typeof block, 'delayMs'>;
  return (
    <Section id={block.id} tone="muted" className={styles.band} labelledBy={headingId}>
      <SectionHeader header={block.header} id={headingId} />
      <SwiperCarousel
        // remount when the motion preference is known, so autoplay starts (or not) with the right setting
        key={reducedMotion ? 'still' : 'auto'}
        items={items}
        keyOf={(item) => item.title}
        labels={block.labels}
        fallbackSlideName={(item) => item.title}
        frameClassName={styles.frame}
        testId="demo-carousel"
        options={{
          modules: [Autoplay],
          loop: items.length > 2,
          loopPreventsSliding: false,
          slidesPerView: 1,
          spaceBetween: 24,
          speed: 600,
          autoplay: reducedMotion ? false : { delay: delayMs, disableOnInteraction: true, pauseOnMouseEnter: true },
        }}
        renderSlide={(item, isActive) => <DemoSlide item={item} block={block} isActive={isActive} />}
      />
    </Section>
  );
}

type PortfolioItem = PortfolioCollection['items'][number];

function DemoSlide({ item, block, isActive }: { item: PortfolioItem; block: BlockOf<'demo-carousel'>; isActive: boolean }) {
  return (
    <article className={styles.slide}>
      <div className={styles.browser}>
        <span className={styles.bar} aria-hidden="true">
          <i />
          <i />
          <i />
        </span>
        <Img image={item.image} className={styles.image} sizes="(min-width: 900px) 640px, 100vw" />
      </div>
      <div className={styles.copy}>
        {item.industry ? (
          <p className={styles.industry}>
            <Icon name={item.icon} size={15} />
            {item.industry}
          </p>
        ) : null}
        <h3 className={styles.title}>{item.title}</h3>
        <p className={styles.description}>{item.description}</p>
        {item.link && block.visitLabel ? (
          <ExternalLink href={item.link} className={styles.link} detail={item.title} newTabHint={block.newTabHint} tabIndex={isActive ? undefined : -1}>
            {block.visitLabel}
          </ExternalLink>
        ) : null}
      </div>
    </article>
  );
}

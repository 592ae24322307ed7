import { useId, useState } from 'react';
import { Swiper, SwiperSlide } from 'swiper/react';
import { Autoplay } from 'swiper/modules';
import type { Swiper as SwiperInstance } from 'swiper';
import 'swiper/css';
import type { BlockOf } from '../../config/model.ts';
import type { PortfolioCollection } from '../../config/schema-types.ts';
import { fillTemplate } from '../../config/resolve.ts';
import { useCollection } from '../../renderer/site-context.tsx';
import { CarouselControls } from '../../ui/carousel-controls.tsx';
import { Icon } from '../../ui/icons.tsx';
import { Img } from '../../ui/img.tsx';
import { SectionHeader } from '../../ui/section-header.tsx';
import { useReducedMotion } from './use-reduced-motion.ts';
import styles from './demo-carousel.module.css';
import { ExternalLink } from '../../ui/external-link.tsx';
import type { Defaulted } from '../../config/defaulted.ts';

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
  const [swiper, setSwiper] = useState<SwiperInstance | null>(null);
  const [active, setActive] = useState(0);
  const reducedMotion = useReducedMotion();
  const headingId = useId();
  const count = items.length;
  return (
    <section id={block.id} className={`section section--muted ${styles.band}`} aria-labelledby={headingId}>
      <div className="container">
        <SectionHeader header={block.header} id={headingId} />
        <div
          className={styles.frame}
          role="region"
          aria-roledescription="carousel"
          aria-label={block.labels.region}
          data-testid="demo-carousel"
          onFocus={() => swiper?.autoplay?.stop()}
        >
          <Swiper
            // remount when the motion preference is known, so autoplay starts (or not) with the right setting
            key={reducedMotion ? 'still' : 'auto'}
            modules={[Autoplay]}
            loop={count > 2}
            loopPreventsSliding={false}
            slidesPerView={1}
            spaceBetween={24}
            speed={600}
            autoplay={
              reducedMotion ? false : { delay: (block as Defaulted<typeof block, 'delayMs'>).delayMs, disableOnInteraction: true, pauseOnMouseEnter: true }
            }
            onSwiper={setSwiper}
            onSlideChange={(s) => setActive(s.realIndex)}
          >
            {items.map((item, i) => (
              <SwiperSlide
                key={item.title}
                role="group"
                aria-roledescription="slide"
                aria-label={block.labels.slide ? fillTemplate(block.labels.slide, { n: String(i + 1), count: String(count) }) : item.title}
                aria-hidden={i === active ? undefined : true}
                data-index={i}
              >
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
                      <ExternalLink
                        href={item.link}
                        className={styles.link}
                        detail={item.title}
                        newTabHint={block.newTabHint}
                        tabIndex={i === active ? undefined : -1}
                      >
                        {block.visitLabel}
                      </ExternalLink>
                    ) : null}
                  </div>
                </article>
              </SwiperSlide>
            ))}
          </Swiper>
          <CarouselControls
            labels={block.labels}
            dots={count}
            active={active}
            onPrevious={() => swiper?.slidePrev()}
            onNext={() => swiper?.slideNext()}
            onDot={(i) => swiper?.slideToLoop(i)}
          />
        </div>
      </div>
    </section>
  );
}

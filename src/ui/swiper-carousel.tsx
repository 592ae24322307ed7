import { useState, type ReactNode } from 'react';
import { Swiper, SwiperSlide, type SwiperProps } from 'swiper/react';
import type { Swiper as SwiperInstance } from 'swiper';
import 'swiper/css';
import type { CarouselLabels } from '../../core/site/schema-types.ts';
import { fill } from '../../core/text/fill.ts';
import { CarouselControls } from './carousel-controls.tsx';

interface SwiperCarouselProps<T> {
  items: readonly T[];
  keyOf: (item: T) => string;
  labels: CarouselLabels;
  /** a slide's accessible name when the labels have no `slide` template */
  fallbackSlideName?: (item: T) => string;
  /** `isActive`: the slide in view; links in the others leave the tab order */
  renderSlide: (item: T, isActive: boolean) => ReactNode;
  frameClassName: string | undefined;
  swiperClassName?: string;
  testId: string;
  /** Swiper's own settings (modules, loop, speed, autoplay); the scaffold owns the instance and the slide change */
  options: Omit<SwiperProps, 'onSwiper' | 'onSlideChange' | 'children' | 'className'>;
}

/**
 * A Swiper carousel as a labelled region: each slide a group named "n of count", the hidden slides
 * out of the accessibility tree, and the shared previous/next and dot controls. Keyboard focus inside
 * stops auto-play for good, so a focused link never slides away into a hidden slide.
 */
export function SwiperCarousel<T>({
  items,
  keyOf,
  labels,
  fallbackSlideName,
  renderSlide,
  frameClassName,
  swiperClassName,
  testId,
  options,
}: SwiperCarouselProps<T>) {
  const [swiper, setSwiper] = useState<SwiperInstance | null>(null);
  const [active, setActive] = useState(0);
  const count = items.length;
  const slideName = (item: T, i: number) => (labels.slide ? fill(labels.slide, { n: i + 1, count }) : fallbackSlideName?.(item));
  return (
    <div
      className={frameClassName}
      role="region"
      aria-roledescription="carousel"
      aria-label={labels.region}
      data-testid={testId}
      onFocus={() => swiper?.autoplay?.stop()}
    >
      <Swiper {...options} className={swiperClassName} onSwiper={setSwiper} onSlideChange={(s) => setActive(s.realIndex)}>
        {items.map((item, i) => (
          <SwiperSlide
            key={keyOf(item)}
            role="group"
            aria-roledescription="slide"
            aria-label={slideName(item, i)}
            aria-hidden={i === active ? undefined : true}
            data-index={i}
          >
            {renderSlide(item, i === active)}
          </SwiperSlide>
        ))}
      </Swiper>
      <CarouselControls
        labels={labels}
        dots={count}
        active={active}
        onPrevious={() => swiper?.slidePrev()}
        onNext={() => swiper?.slideNext()}
        onDot={(i) => swiper?.slideToLoop(i)}
      />
    </div>
  );
}

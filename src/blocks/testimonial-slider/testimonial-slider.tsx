import { useId, useState } from 'react';
import { Swiper, SwiperSlide } from 'swiper/react';
import type { Swiper as SwiperInstance } from 'swiper';
import 'swiper/css';
import type { BlockOf } from '../../config/model.ts';
import type { TestimonialsCollection } from '../../config/schema-types.ts';
import { fillTemplate } from '../../config/resolve.ts';
import { useCollection } from '../../renderer/site-context.tsx';
import { CarouselControls } from '../../ui/carousel-controls.tsx';
import { SectionHeader } from '../../ui/section-header.tsx';
import { TestimonialCard } from '../../ui/testimonial-card.tsx';
import styles from './testimonial-slider.module.css';

/** One quote at a time, moved only by the visitor; loop mode makes both ends wrap. Loaded lazily (Swiper). */
export default function TestimonialSlider({ block }: { block: BlockOf<'testimonial-slider'> }) {
  const { items } = useCollection<TestimonialsCollection>(block.collection);
  const [swiper, setSwiper] = useState<SwiperInstance | null>(null);
  const [active, setActive] = useState(0);
  const headingId = useId();
  const count = items.length;
  return (
    <section id={block.id} className="section" aria-labelledby={headingId}>
      <div className="container">
        <SectionHeader header={block.header} id={headingId} />
        <div className={styles.frame} role="region" aria-roledescription="carousel" aria-label={block.labels.region} data-testid="testimonial-slider">
          <Swiper
            loop={count > 1}
            loopPreventsSliding={false}
            slidesPerView={1}
            spaceBetween={24}
            speed={450}
            onSwiper={setSwiper}
            onSlideChange={(s) => setActive(s.realIndex)}
            className={styles.swiper}
          >
            {items.map((item, i) => (
              <SwiperSlide
                key={item.name}
                role="group"
                aria-roledescription="slide"
                aria-label={block.labels.slide ? fillTemplate(block.labels.slide, { n: String(i + 1), count: String(count) }) : undefined}
                aria-hidden={i === active ? undefined : true}
                data-index={i}
              >
                <TestimonialCard item={item} ratingLabel={block.labels.rating} large />
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

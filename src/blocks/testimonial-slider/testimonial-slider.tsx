import { useId } from 'react';
import type { BlockOf } from '../../../core/site/model.ts';
import type { TestimonialsCollection } from '../../../core/site/schema-types.ts';
import { useCollection } from '../../site/site-context.tsx';
import { SwiperCarousel } from '../../ui/swiper-carousel.tsx';
import { SectionHeader } from '../../ui/section-header.tsx';
import { TestimonialCard } from '../../ui/testimonial-card.tsx';
import styles from './testimonial-slider.module.css';
import { Section } from '../../ui/section.tsx';

/** One quote at a time, moved only by the visitor; loop mode makes both ends wrap. Loaded lazily (Swiper). */
export default function TestimonialSlider({ block }: { block: BlockOf<'testimonial-slider'> }) {
  const { items } = useCollection<TestimonialsCollection>(block.collection);
  const headingId = useId();
  return (
    <Section id={block.id} labelledBy={headingId}>
      <SectionHeader header={block.header} id={headingId} />
      <SwiperCarousel
        items={items}
        keyOf={(item) => item.name}
        labels={block.labels}
        frameClassName={styles.frame}
        swiperClassName={styles.swiper}
        testId="testimonial-slider"
        options={{ loop: items.length > 1, loopPreventsSliding: false, slidesPerView: 1, spaceBetween: 24, speed: 450 }}
        renderSlide={(item) => <TestimonialCard item={item} ratingLabel={block.labels.rating} large />}
      />
    </Section>
  );
}

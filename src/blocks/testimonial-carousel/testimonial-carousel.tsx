import { useId, useState } from 'react';
import type { BlockOf } from '../../config/model.ts';
import type { TestimonialsCollection } from '../../config/schema-types.ts';
import { useCollection } from '../../renderer/site-context.tsx';
import { CarouselControls } from '../../ui/carousel-controls.tsx';
import { SectionHeader } from '../../ui/section-header.tsx';
import { TestimonialCard } from '../../ui/testimonial-card.tsx';
import { dotCount, nextStart, previousStart, visibleIndices } from './carousel-window.ts';
import styles from './testimonial-carousel.module.css';

export function TestimonialCarousel({ block }: { block: BlockOf<'testimonial-carousel'> }) {
  const { items } = useCollection<TestimonialsCollection>(block.collection);
  const visible = block.visible ?? 3;
  const count = items.length;
  const [start, setStart] = useState(0);
  const headingId = useId();
  return (
    <section id={block.id} className="section section--muted" aria-labelledby={headingId}>
      <div className="container">
        <SectionHeader header={block.header} id={headingId} />
        <div role="region" aria-roledescription="carousel" aria-label={block.labels.region}>
          {/* Focusable so the row can be scrolled by keyboard on phones, where the cards sit side by side. */}
          {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
          <ul className={styles.track} aria-live="polite" data-testid="testimonial-window" tabIndex={0}>
            {visibleIndices(start, count, visible).map((index) => {
              const item = items[index]!;
              return (
                <li key={index} className={styles.slide} data-index={index}>
                  <TestimonialCard item={item} ratingLabel={block.labels.rating} />
                </li>
              );
            })}
          </ul>
          {count > visible ? (
            <CarouselControls
              labels={block.labels}
              dots={dotCount(count, visible)}
              active={start}
              onPrevious={() => setStart((s) => previousStart(s, count, visible))}
              onNext={() => setStart((s) => nextStart(s, count, visible))}
              onDot={setStart}
            />
          ) : null}
        </div>
      </div>
    </section>
  );
}

import { useId, useState } from 'react';
import type { BlockOf } from '../../../core/site/model.ts';
import type { TestimonialsCollection } from '../../../core/site/schema-types.ts';
import { fill } from '../../../core/text/fill.ts';
import { useCollection } from '../../site/site-context.tsx';
import { CarouselControls } from '../../ui/carousel-controls.tsx';
import { SectionHeader } from '../../ui/section-header.tsx';
import { TestimonialCard } from '../../ui/testimonial-card.tsx';
import { dotCount, nextStart, previousStart, visibleIndices } from './carousel-window.ts';
import styles from './testimonial-carousel.module.css';
import type { Defaulted } from '../../../core/site/defaulted.ts';
import { Section } from '../../ui/section.tsx';

/**
 * The list itself is not a live region: three full quotes read out after every
 * arrow press is noise. A separate polite status says only where the window is
 * now ("Ervaring 2 tot 4 van 6"), and only once the visitor has moved it.
 */
export function TestimonialCarousel({ block }: { block: BlockOf<'testimonial-carousel'> }) {
  const { items } = useCollection<TestimonialsCollection>(block.collection);
  // filled from the schema's default at build time
  const { visible } = block as Defaulted<typeof block, 'visible'>;
  const count = items.length;
  const [start, setStart] = useState(0);
  const [moved, setMoved] = useState(false);
  const move = (next: number) => {
    setStart(next);
    setMoved(true);
  };
  const shown = visibleIndices(start, count, visible);
  const status =
    moved && block.labels.status
      ? fill(block.labels.status, { first: String(start + 1), last: String((shown.at(-1) ?? start) + 1), count: String(count) })
      : '';
  const headingId = useId();
  return (
    <Section id={block.id} tone="muted" labelledBy={headingId}>
      <SectionHeader header={block.header} id={headingId} />
      <div role="region" aria-roledescription="carousel" aria-label={block.labels.region}>
        {/* Focusable so the row can be scrolled by keyboard on phones, where the cards sit side by side. */}
        {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
        <ul className={styles.track} aria-label={block.labels.list ?? block.labels.region} data-testid="testimonial-window" tabIndex={0}>
          {shown.map((index) => {
            const item = items[index]!;
            return (
              <li key={index} className={styles.slide} data-index={index}>
                <TestimonialCard item={item} ratingLabel={block.labels.rating} />
              </li>
            );
          })}
        </ul>
        <p className="visually-hidden" role="status" data-testid="testimonial-status">
          {status}
        </p>
        {count > visible ? (
          <CarouselControls
            labels={block.labels}
            dots={dotCount(count, visible)}
            active={start}
            onPrevious={() => move(previousStart(start, count, visible))}
            onNext={() => move(nextStart(start, count, visible))}
            onDot={move}
          />
        ) : null}
      </div>
    </Section>
  );
}

import type { Testimonial } from '../../core/site/schema-types.ts';
import { Img } from './img.tsx';
import { Stars } from './stars.tsx';
import styles from './testimonial-card.module.css';

/** One client quote; shared by the testimonial blocks so both look the same. */
export function TestimonialCard({ item, ratingLabel, large }: { item: Testimonial; ratingLabel?: string; large?: boolean }) {
  return (
    <figure className={large ? `${styles.card} ${styles.large}` : styles.card}>
      <Stars rating={item.rating} label={ratingLabel} size={large ? 22 : 18} />
      <blockquote className={styles.quote}>
        <p>{item.content}</p>
      </blockquote>
      <figcaption className={styles.person}>
        {item.avatar ? (
          <Img image={item.avatar} className={styles.avatar} />
        ) : (
          <span className={styles.initials} aria-hidden="true">
            {item.name.slice(0, 1)}
          </span>
        )}
        <span>
          <span className={styles.name}>{item.name}</span>
          <span className={styles.company}>{item.company}</span>
        </span>
      </figcaption>
    </figure>
  );
}

import { fill } from '../../core/text/fill.ts';
import styles from './stars.module.css';

const STAR = 'M12 2l3.1 6.3 6.9 1-5 4.9 1.2 6.8L12 17.8 5.8 21l1.2-6.8-5-4.9 6.9-1z';

/** A row of filled and empty stars; the label (e.g. '{n} van 5 sterren') is what screen readers hear. */
export function Stars({ rating, max = 5, label, size = 18 }: { rating: number; max?: number; label?: string; size?: number }) {
  const name = label ? fill(label, { n: String(rating) }) : undefined;
  return (
    <span className={styles.stars} role={name ? 'img' : undefined} aria-label={name} aria-hidden={name ? undefined : true}>
      {Array.from({ length: max }, (_, i) => (
        <svg key={i} width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false" className={i < rating ? styles.on : styles.off}>
          <path d={STAR} />
        </svg>
      ))}
    </span>
  );
}

import { fill } from '../../core/text/fill.ts';
import type { CarouselLabels } from '../../core/site/schema-types.ts';
import { Icon } from './icons.tsx';
import styles from './carousel-controls.module.css';

interface Props {
  labels: CarouselLabels;
  dots: number;
  active: number;
  onPrevious: () => void;
  onNext: () => void;
  onDot: (index: number) => void;
  tone?: 'light' | 'dark';
}

/** Previous / next arrows and one dot per position: real buttons with names, usable by keyboard. */
export function CarouselControls({ labels, dots, active, onPrevious, onNext, onDot, tone }: Props) {
  return (
    <div className={tone === 'dark' ? `${styles.controls} ${styles.dark}` : styles.controls}>
      <button type="button" className={styles.arrow} onClick={onPrevious} aria-label={labels.previous} data-testid="carousel-prev">
        <Icon name="chevronLeft" size={22} />
      </button>
      <div className={styles.dots}>
        {Array.from({ length: dots }, (_, i) => (
          <button
            key={i}
            type="button"
            className={i === active ? `${styles.dot} ${styles.current}` : styles.dot}
            aria-label={fill(labels.goTo, { n: String(i + 1), count: String(dots) })}
            aria-current={i === active ? 'true' : undefined}
            onClick={() => onDot(i)}
            data-testid="carousel-dot"
          />
        ))}
      </div>
      <button type="button" className={styles.arrow} onClick={onNext} aria-label={labels.next} data-testid="carousel-next">
        <Icon name="chevronRight" size={22} />
      </button>
    </div>
  );
}

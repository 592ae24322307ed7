import type { SectionHeading } from '../../core/site/schema-types.ts';
import styles from './section-header.module.css';

/** Eyebrow, heading and intro above a section; the heading id lets the section be labelled by it. */
export function SectionHeader({ header, id, tone }: { header?: SectionHeading; id?: string; tone?: 'light' | 'dark' }) {
  if (!header) return null;
  const className = [styles.header, header.align === 'left' ? styles.left : styles.center, tone === 'dark' ? styles.dark : ''].filter(Boolean).join(' ');
  return (
    <div className={className}>
      {header.eyebrow ? <p className={styles.eyebrow}>{header.eyebrow}</p> : null}
      <h2 id={id} className={styles.heading}>
        {header.heading}
      </h2>
      {header.intro ? <p className={styles.intro}>{header.intro}</p> : null}
    </div>
  );
}

import { useId } from 'react';
import type { BlockOf } from '../../../core/site/model.ts';
import { ButtonRow } from '../../ui/button-link.tsx';
import { Img } from '../../ui/img.tsx';
import { SectionHeader } from '../../ui/section-header.tsx';
import styles from './feature-rows.module.css';
import { CheckList } from '../../ui/check-list.tsx';
import { Section } from '../../ui/section.tsx';

/** Text and image side by side, alternating sides on wide screens. */
export function FeatureRows({ block }: { block: BlockOf<'feature-rows'> }) {
  const headingId = useId();
  return (
    <Section id={block.id} tone="muted" labelledBy={block.header ? headingId : undefined}>
      <SectionHeader header={block.header} id={headingId} />
      <div className={styles.rows}>
        {block.rows.map((row, i) => (
          <article key={row.title} className={i % 2 ? `${styles.row} ${styles.flip}` : styles.row}>
            <div className={styles.copy}>
              {row.eyebrow ? <p className="eyebrow">{row.eyebrow}</p> : null}
              <h3 className={styles.title}>{row.title}</h3>
              <p className={styles.text}>{row.text}</p>
              <CheckList items={row.bullets} className={styles.bullets} />
              <ButtonRow buttons={row.buttons} />
            </div>
            <div className={styles.media}>
              <Img image={row.image} className={styles.image} sizes="(min-width: 900px) 560px, 100vw" />
            </div>
          </article>
        ))}
      </div>
    </Section>
  );
}

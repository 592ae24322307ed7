import { useId } from 'react';
import type { BlockOf } from '../../config/model.ts';
import { Icon } from '../../ui/icons.tsx';
import { SectionHeader } from '../../ui/section-header.tsx';
import styles from './values.module.css';

export function Values({ block }: { block: BlockOf<'values'> }) {
  const headingId = useId();
  return (
    <section id={block.id} className={`section section--dark ${styles.band}`} aria-labelledby={headingId}>
      <div className="container">
        <SectionHeader header={block.header} id={headingId} tone="dark" />
        <ul className={styles.grid}>
          {block.items.map((v) => (
            <li key={v.title} className={styles.item}>
              <span className={styles.icon}>
                <Icon name={v.icon} size={28} />
              </span>
              <h3 className={styles.title}>{v.title}</h3>
              <p className={styles.text}>{v.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

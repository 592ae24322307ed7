import { useId } from 'react';
import type { BlockOf } from '../../../core/site/model.ts';
import { Icon } from '../../ui/icons.tsx';
import { SectionHeader } from '../../ui/section-header.tsx';
import styles from './values.module.css';
import { Section } from '../../ui/section.tsx';

export function Values({ block }: { block: BlockOf<'values'> }) {
  const headingId = useId();
  return (
    <Section id={block.id} tone="dark" className={styles.band} labelledBy={headingId}>
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
    </Section>
  );
}

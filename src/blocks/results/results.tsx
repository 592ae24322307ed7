import { useId } from 'react';
import type { BlockOf } from '../../../core/site/model.ts';
import { Icon } from '../../ui/icons.tsx';
import { SectionHeader } from '../../ui/section-header.tsx';
import styles from './results.module.css';
import { Section } from '../../ui/section.tsx';

export function Results({ block }: { block: BlockOf<'results'> }) {
  const headingId = useId();
  return (
    <Section id={block.id} tone="dark" className={styles.band} labelledBy={headingId}>
      <SectionHeader header={block.header} id={headingId} tone="dark" />
      <ul className={styles.stats}>
        {block.stats.map((s) => (
          <li key={s.label} className={styles.stat}>
            {s.icon ? (
              <span className={styles.icon}>
                <Icon name={s.icon} size={22} />
              </span>
            ) : null}
            <span className={styles.value}>{s.value}</span>
            <span className={styles.label}>{s.label}</span>
            {s.text ? <span className={styles.text}>{s.text}</span> : null}
          </li>
        ))}
      </ul>
      {block.guarantees?.length ? (
        <ul className={styles.guarantees}>
          {block.guarantees.map((g) => (
            <li key={g.label}>
              {g.icon ? <Icon name={g.icon} size={20} /> : null}
              <strong>{g.value}</strong> {g.label}
            </li>
          ))}
        </ul>
      ) : null}
      {block.note ? <p className={styles.note}>{block.note}</p> : null}
    </Section>
  );
}

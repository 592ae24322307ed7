import type { BlockOf } from '../../../core/site/model.ts';
import { ButtonRow } from '../../ui/button-link.tsx';
import styles from './cta.module.css';
import { Section } from '../../ui/section.tsx';

export function Cta({ block }: { block: BlockOf<'cta'> }) {
  return (
    <Section id={block.id} tone="none" className={styles.band} containerClassName={styles.card}>
      <h2 className={styles.heading}>{block.heading}</h2>
      {block.text ? <p className={styles.text}>{block.text}</p> : null}
      <ButtonRow buttons={block.buttons} size="lg" />
      {block.note ? <p className={styles.note}>{block.note}</p> : null}
    </Section>
  );
}

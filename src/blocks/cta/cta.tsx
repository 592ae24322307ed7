import type { BlockOf } from '../../config/model.ts';
import { ButtonRow } from '../../ui/button-link.tsx';
import styles from './cta.module.css';

export function Cta({ block }: { block: BlockOf<'cta'> }) {
  return (
    <section id={block.id} className={styles.band}>
      <div className={`container ${styles.card}`}>
        <h2 className={styles.heading}>{block.heading}</h2>
        {block.text ? <p className={styles.text}>{block.text}</p> : null}
        <ButtonRow buttons={block.buttons} size="lg" />
        {block.note ? <p className={styles.note}>{block.note}</p> : null}
      </div>
    </section>
  );
}

import type { BlockOf } from '../../../core/site/model.ts';
import { Section } from '../../ui/section.tsx';
import styles from './text.module.css';

export function Text({ block }: { block: BlockOf<'text'> }) {
  return (
    <Section id={block.id}>
      <div className={block.align === 'center' ? `${styles.text} ${styles.center}` : styles.text}>
        {block.eyebrow ? <p className="eyebrow">{block.eyebrow}</p> : null}
        {block.heading ? <h2>{block.heading}</h2> : null}
        {block.paragraphs.map((p, i) => (
          <p key={i}>{p}</p>
        ))}
      </div>
    </Section>
  );
}

import type { BlockOf } from '../../../core/site/model.ts';
import { Section } from '../../ui/section.tsx';
import { SmartLink } from '../../ui/smart-link.tsx';
import { Icon } from '../../ui/icons.tsx';
import styles from './link-list.module.css';

export function LinkList({ block }: { block: BlockOf<'link-list'> }) {
  return (
    <Section id={block.id} tone="muted">
      {block.heading ? <h2 className={styles.heading}>{block.heading}</h2> : null}
      {block.intro ? <p className={styles.intro}>{block.intro}</p> : null}
      <ul className={styles.list}>
        {block.links.map((l) => (
          <li key={l.to}>
            <SmartLink to={l.to} className={styles.card}>
              <span className={styles.label}>
                {l.label} <Icon name="arrow" size={18} />
              </span>
              {l.description ? <span className={styles.description}>{l.description}</span> : null}
            </SmartLink>
          </li>
        ))}
      </ul>
    </Section>
  );
}

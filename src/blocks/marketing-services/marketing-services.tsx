import { useId } from 'react';
import type { BlockOf } from '../../config/model.ts';
import type { MarketingServicesCollection } from '../../config/schema-types.ts';
import { useCollection } from '../../renderer/site-context.tsx';
import { ButtonLink } from '../../ui/button-link.tsx';
import { Icon } from '../../ui/icons.tsx';
import { SectionHeader } from '../../ui/section-header.tsx';
import styles from './marketing-services.module.css';
import { CheckList } from '../../ui/check-list.tsx';

export function MarketingServices({ block }: { block: BlockOf<'marketing-services'> }) {
  const { items } = useCollection<MarketingServicesCollection>(block.collection);
  const headingId = useId();
  return (
    <section id={block.id} className="section" aria-labelledby={headingId}>
      <div className="container">
        <SectionHeader header={block.header} id={headingId} />
        <ul className={styles.grid}>
          {items.map((s) => (
            <li key={s.title} className={styles.card}>
              <div className={styles.top}>
                <span className={styles.icon}>
                  <Icon name={s.icon} size={26} />
                </span>
                <h3 className={styles.title}>{s.title}</h3>
              </div>
              <p className={styles.description}>{s.description}</p>
              <CheckList items={s.features} className={styles.features} />
              {block.button ? <ButtonLink button={block.button} size="sm" /> : null}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

import { useId } from 'react';
import type { BlockOf } from '../../../core/site/model.ts';
import type { MarketingServicesCollection } from '../../../core/site/schema-types.ts';
import { useCollection } from '../../site/site-context.tsx';
import { ButtonLink } from '../../ui/button-link.tsx';
import { Icon } from '../../ui/icons.tsx';
import { SectionHeader } from '../../ui/section-header.tsx';
// the shared card grid first, so the block's own rules come after it in the stylesheet
import cardGrid from '../../ui/card-grid.module.css';
import styles from './marketing-services.module.css';
import { CheckList } from '../../ui/check-list.tsx';
import { Section } from '../../ui/section.tsx';

export function MarketingServices({ block }: { block: BlockOf<'marketing-services'> }) {
  const { items } = useCollection<MarketingServicesCollection>(block.collection);
  const headingId = useId();
  return (
    <Section id={block.id} labelledBy={headingId}>
      <SectionHeader header={block.header} id={headingId} />
      <ul className={cardGrid.grid}>
        {items.map((s) => (
          <li key={s.title} className={`${cardGrid.card} ${styles.card}`}>
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
    </Section>
  );
}

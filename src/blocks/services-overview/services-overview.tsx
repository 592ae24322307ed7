import { useId } from 'react';
import type { BlockOf } from '../../../core/site/model.ts';
import { Icon } from '../../ui/icons.tsx';
import { SectionHeader } from '../../ui/section-header.tsx';
import { SmartLink } from '../../ui/smart-link.tsx';
// the shared card grid first, so the block's own rules come after it in the stylesheet
import cardGrid from '../../ui/card-grid.module.css';
import styles from './services-overview.module.css';
import { CheckList } from '../../ui/check-list.tsx';
import { Section } from '../../ui/section.tsx';

export function ServicesOverview({ block }: { block: BlockOf<'services-overview'> }) {
  const headingId = useId();
  return (
    <Section id={block.id} labelledBy={headingId}>
      <SectionHeader header={block.header} id={headingId} />
      <ul className={cardGrid.grid}>
        {block.services.map((s) => (
          <li key={s.title} className={`${cardGrid.card} ${styles.card}`}>
            <span className={styles.icon}>
              <Icon name={s.icon} size={26} />
            </span>
            <h3 className={styles.title}>{s.title}</h3>
            <p className={styles.text}>{s.text}</p>
            {block.expertiseLabel ? <p className={styles.label}>{block.expertiseLabel}</p> : null}
            <CheckList items={s.expertise} className={styles.expertise} />
            {s.link ? (
              <SmartLink to={s.link.to} className={styles.link} ariaLabel={s.link.ariaLabel}>
                {s.link.label} <Icon name="arrow" size={18} />
              </SmartLink>
            ) : null}
          </li>
        ))}
      </ul>
    </Section>
  );
}

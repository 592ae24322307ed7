import { useId } from 'react';
import type { BlockOf } from '../../../core/site/model.ts';
import type { PortfolioCollection } from '../../../core/site/schema-types.ts';
import { useCollection } from '../../site/site-context.tsx';
import { Icon } from '../../ui/icons.tsx';
import { Img } from '../../ui/img.tsx';
import { SectionHeader } from '../../ui/section-header.tsx';
// the shared card grid first, so the block's own rules come after it in the stylesheet
import cardGrid from '../../ui/card-grid.module.css';
import styles from './portfolio-grid.module.css';
import { ExternalLink } from '../../ui/external-link.tsx';
import { Section } from '../../ui/section.tsx';

/** Project cards; the whole card is clickable through one stretched link to the client's live site. */
export function PortfolioGrid({ block }: { block: BlockOf<'portfolio-grid'> }) {
  const { items } = useCollection<PortfolioCollection>(block.collection);
  const shown = block.limit ? items.slice(0, block.limit) : items;
  const headingId = useId();
  // under the section's own heading the cards are h3; without one they sit right under the page's h1
  const Title = block.header ? 'h3' : 'h2';
  return (
    <Section id={block.id} labelledBy={block.header ? headingId : undefined}>
      <SectionHeader header={block.header} id={headingId} />
      <ul className={`${cardGrid.grid} ${styles.grid}`}>
        {shown.map((item) => (
          <li key={item.title} className={`${cardGrid.card} ${styles.card}`}>
            <div className={styles.media}>
              <Img image={item.image} className={styles.image} sizes="(min-width: 1024px) 380px, (min-width: 700px) 50vw, 100vw" />
            </div>
            <div className={styles.body}>
              <p className={styles.industry}>
                <Icon name={item.icon} size={15} />
                {item.industry}
              </p>
              <Title className={styles.title}>{item.title}</Title>
              <p className={styles.description}>{item.description}</p>
              {item.link ? (
                <ExternalLink href={item.link} className={styles.link} detail={item.title} newTabHint={block.newTabHint}>
                  {block.visitLabel}
                </ExternalLink>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
    </Section>
  );
}

import { useId, useRef } from 'react';
import type { BlockOf } from '../../../core/site/model.ts';
import type { PortfolioCollection, PortfolioItem } from '../../../core/site/schema-types.ts';
import { useCollection } from '../../site/site-context.tsx';
import { ButtonLink } from '../../ui/button-link.tsx';
import { Icon } from '../../ui/icons.tsx';
import { Img } from '../../ui/img.tsx';
import { SectionHeader } from '../../ui/section-header.tsx';
import { useEndlessScroll } from './use-endless-scroll.ts';
import styles from './portfolio-mockup.module.css';
import { CheckList } from '../../ui/check-list.tsx';
import type { Defaulted } from '../../../core/site/defaulted.ts';
import { Section } from '../../ui/section.tsx';

function Item({ item }: { item: PortfolioItem }) {
  return (
    <li className={styles.item}>
      <Img image={{ ...item.image, alt: '' }} className={styles.thumb} />
      <span className={styles.meta}>
        <span className={styles.itemTitle}>
          <Icon name={item.icon} size={14} />
          {item.title}
        </span>
        {item.industry ? <span className={styles.industry}>{item.industry}</span> : null}
      </span>
    </li>
  );
}

export function PortfolioMockup({ block }: { block: BlockOf<'portfolio-mockup'> }) {
  const { items } = useCollection<PortfolioCollection>(block.collection);
  // filled from the schema's defaults at build time (the header's align too: left for this block)
  const { repeat, speed } = block as Defaulted<typeof block, 'repeat' | 'speed'>;
  const viewport = useRef<HTMLDivElement>(null);
  const track = useRef<HTMLDivElement>(null);
  const headingId = useId();
  useEndlessScroll(viewport, track, speed, repeat);
  return (
    <Section id={block.id} className={styles.band} containerClassName={styles.layout} labelledBy={headingId}>
      <div className={styles.copy}>
        <SectionHeader header={block.header} id={headingId} />
        <CheckList items={block.bullets} className={styles.bullets} />
        <ButtonLink button={block.button} size="lg" />
      </div>
      <div className={styles.phone}>
        <div className={styles.notch} aria-hidden="true" />
        {block.screenTitle ? (
          <p className={styles.appBar} aria-hidden="true">
            {block.screenTitle}
          </p>
        ) : null}
        <div className={styles.viewport} ref={viewport}>
          <div className={styles.track} ref={track} data-testid="mockup-track">
            {/* The first copy is the real list; the others exist only so the loop never shows a gap. */}
            {Array.from({ length: repeat }, (_, copy) => (
              <ul key={copy} className={styles.list} aria-label={copy === 0 ? block.listLabel : undefined} aria-hidden={copy === 0 ? undefined : true}>
                {items.map((item) => (
                  <Item key={item.title} item={item} />
                ))}
              </ul>
            ))}
          </div>
        </div>
      </div>
    </Section>
  );
}

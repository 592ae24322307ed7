import { useId } from 'react';
import type { BlockOf } from '../../../core/site/model.ts';
import type { FaqCollection } from '../../../core/site/schema-types.ts';
import { useCollection } from '../../site/site-context.tsx';
import { ButtonLink } from '../../ui/button-link.tsx';
import { Icon } from '../../ui/icons.tsx';
import { SectionHeader } from '../../ui/section-header.tsx';
import styles from './faq.module.css';
import { Section } from '../../ui/section.tsx';

/**
 * An exclusive accordion made of `<details>` elements sharing one `name`: the browser keeps
 * at most one open, closes the open one when its summary is clicked again and switches when
 * another is clicked. That is the FAQ's required state (at most one answer open), so the block works without JavaScript and
 * holds no React state that hydration could re-render.
 */
export function Faq({ block }: { block: BlockOf<'faq'> }) {
  const { items } = useCollection<FaqCollection>(block.collection);
  const baseId = useId();
  // one group per block, so two FAQ blocks on a page do not close each other's items
  const group = `faq${baseId}`;
  return (
    <Section id={block.id} containerClassName={styles.layout} labelledBy={`${baseId}-h`}>
      <div className={styles.side}>
        <SectionHeader header={block.header} id={`${baseId}-h`} />
      </div>
      {block.aside ? (
        <div className={styles.aside}>
          <p className={styles.asideHeading}>{block.aside.heading}</p>
          {block.aside.text ? <p className={styles.asideText}>{block.aside.text}</p> : null}
          <ButtonLink button={block.aside.button} />
        </div>
      ) : null}
      <div className={styles.list}>
        {items.map((item, i) => {
          const summaryId = `${baseId}-q${i}`;
          return (
            <details key={item.question} name={group} className={styles.item}>
              <summary id={summaryId} className={styles.summary}>
                <h3 className={styles.question}>{item.question}</h3>
                <span className={styles.sign}>
                  <Icon name="plus" size={20} />
                </span>
              </summary>
              <div role="region" aria-labelledby={summaryId} className={styles.answer}>
                <p>{item.answer}</p>
              </div>
            </details>
          );
        })}
      </div>
    </Section>
  );
}

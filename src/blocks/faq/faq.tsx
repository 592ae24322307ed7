import { useId, useState } from 'react';
import type { BlockOf } from '../../config/model.ts';
import type { FaqCollection } from '../../config/schema-types.ts';
import { useCollection } from '../../renderer/site-context.tsx';
import { ButtonLink } from '../../ui/button-link.tsx';
import { Icon } from '../../ui/icons.tsx';
import { SectionHeader } from '../../ui/section-header.tsx';
import { toggleItem, type OpenItem } from './faq-state.ts';
import styles from './faq.module.css';

export function Faq({ block }: { block: BlockOf<'faq'> }) {
  const { items } = useCollection<FaqCollection>(block.collection);
  const [open, setOpen] = useState<OpenItem>(null);
  const baseId = useId();
  return (
    <section id={block.id} className="section" aria-labelledby={`${baseId}-h`}>
      <div className={`container ${styles.layout}`}>
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
            const isOpen = open === i;
            const buttonId = `${baseId}-q${i}`;
            const panelId = `${baseId}-a${i}`;
            return (
              <div key={item.question} className={isOpen ? `${styles.item} ${styles.open}` : styles.item}>
                <h3 className={styles.question}>
                  <button type="button" id={buttonId} aria-expanded={isOpen} aria-controls={panelId} onClick={() => setOpen((o) => toggleItem(o, i))}>
                    <span>{item.question}</span>
                    <span className={styles.sign}>
                      <Icon name="plus" size={20} />
                    </span>
                  </button>
                </h3>
                <div id={panelId} role="region" aria-labelledby={buttonId} className={styles.answer} hidden={!isOpen}>
                  <p>{item.answer}</p>
                </div>
              </div>
            );
          })}
        </div>
      </div>
    </section>
  );
}

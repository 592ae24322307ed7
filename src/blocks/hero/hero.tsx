import type { BlockOf } from '../../config/model.ts';
import { ButtonRow } from '../../ui/button-link.tsx';
import { Img } from '../../ui/img.tsx';
import { Icon } from '../../ui/icons.tsx';
import styles from './hero.module.css';

export function Hero({ block }: { block: BlockOf<'hero'> }) {
  const variant = block.variant ?? 'page';
  return (
    <section id={block.id} className={`${styles.hero} ${styles[variant]}`}>
      <div className={`container ${styles.inner}`}>
        <div className={styles.copy}>
          {block.eyebrow ? <p className={styles.eyebrow}>{block.eyebrow}</p> : null}
          <h1 className={styles.headline}>{block.headline}</h1>
          {block.intro ? <p className={styles.intro}>{block.intro}</p> : null}
          <ButtonRow buttons={block.buttons} size="lg" />
          {block.highlights?.length ? (
            <ul className={styles.highlights}>
              {block.highlights.map((h) => (
                <li key={h}>
                  <Icon name="check" size={18} /> {h}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        {block.image ? (
          <div className={styles.media}>
            {block.mobileImage ? <Img image={block.mobileImage} className={styles.mobileImage} priority /> : null}
            <Img image={block.image} className={block.mobileImage ? styles.desktopImage : styles.image} priority />
          </div>
        ) : null}
      </div>
    </section>
  );
}

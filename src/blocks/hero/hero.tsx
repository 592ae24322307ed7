import { preload } from 'react-dom';
import type { BlockOf } from '../../../core/site/model.ts';
import { ButtonRow } from '../../ui/button-link.tsx';
import { Icon } from '../../ui/icons.tsx';
import styles from './hero.module.css';
import type { Defaulted } from '../../../core/site/defaulted.ts';
import { Section } from '../../ui/section.tsx';

/** Desktop breakpoint of the hero; the phone layout and its image apply below it. */
const DESKTOP = '(min-width: 900px)';

function HeroImage({ block }: { block: BlockOf<'hero'> }) {
  const { image, mobileImage } = block;
  if (!image) return null;
  const fallback = mobileImage ?? image;
  // The LCP image: a <link rel=preload> in <head> (React hoists it at prerender) starts it before the CSS and scripts are in.
  // With a phone image, one preload per media query, so each screen fetches only the file its <picture> will show.
  if (mobileImage) {
    preload(image.src, { as: 'image', fetchPriority: 'high', media: DESKTOP });
    preload(mobileImage.src, { as: 'image', fetchPriority: 'high', media: `not all and ${DESKTOP}` });
  } else {
    preload(image.src, { as: 'image', fetchPriority: 'high' });
  }
  // One <img>, art-directed by <picture>: a phone downloads only the phone image, and both sizes are reserved.
  return (
    <div className={styles.media}>
      <picture>
        {mobileImage ? <source media={DESKTOP} srcSet={image.src} width={image.width} height={image.height} /> : null}
        <img
          src={fallback.src}
          alt={fallback.alt}
          width={fallback.width}
          height={fallback.height}
          className={styles.image}
          loading="eager"
          fetchPriority="high"
        />
      </picture>
    </div>
  );
}

export function Hero({ block }: { block: BlockOf<'hero'> }) {
  // filled from the schema's default at build time
  const { variant } = block as Defaulted<typeof block, 'variant'>;
  return (
    <Section id={block.id} tone="none" className={`${styles.hero} ${styles[variant]}`} containerClassName={styles.inner}>
      <div className={styles.copy}>
        {block.eyebrow ? <p className={styles.eyebrow}>{block.eyebrow}</p> : null}
        <h1 className={styles.headline}>{block.headline}</h1>
        {block.intro ? <p className={styles.intro}>{block.intro}</p> : null}
        <div className={styles.actions}>
          <ButtonRow buttons={block.buttons} size="lg" />
        </div>
        {block.highlights?.length ? (
          <ul className={styles.highlights}>
            {block.highlights.map((h) => (
              <li key={h}>
                <span className={styles.check}>
                  <Icon name="check" size={14} />
                </span>
                {h}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <HeroImage block={block} />
    </Section>
  );
}

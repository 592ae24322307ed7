import type { CSSProperties } from 'react';
import type { Splash as SplashConfig } from '../../core/site/schema-types.ts';
import styles from './splash.module.css';

/**
 * The splash fades with CSS animations timed from the config: no script times it, so it also ends on time
 * when JavaScript is slow.
 */
export function Splash({ cfg, brand }: { cfg: SplashConfig; brand: string }) {
  if (!cfg.enabled) return null;
  const timing = {
    '--splash-in-delay': `${cfg.fadeInDelayMs}ms`,
    '--splash-duration': `${cfg.durationMs}ms`,
    '--splash-out': `${cfg.fadeOutMs}ms`,
  } as CSSProperties;
  return (
    <div className={styles.splash} style={timing} data-phase="waiting" aria-hidden="true" data-testid="splash">
      <span className={styles.brand}>{brand}</span>
    </div>
  );
}

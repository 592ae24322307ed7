import type { CSSProperties } from 'react';
import type { Splash as SplashConfig } from '../../core/site/schema-types.ts';
import type { SplashPhase } from './splash-timeline.ts';
import styles from './splash.module.css';

/**
 * The splash fades with CSS animations timed from the config, so it also ends
 * on time when JavaScript is slow; React only removes it afterwards.
 */
export function Splash({ cfg, phase, brand }: { cfg: SplashConfig; phase: SplashPhase; brand: string }) {
  if (phase === 'removed') return null;
  const timing = {
    '--splash-in-delay': `${cfg.fadeInDelayMs}ms`,
    '--splash-duration': `${cfg.durationMs}ms`,
    '--splash-out': `${cfg.fadeOutMs}ms`,
  } as CSSProperties;
  return (
    <div className={styles.splash} style={timing} data-phase={phase} aria-hidden="true" data-testid="splash">
      <span className={styles.brand}>{brand}</span>
    </div>
  );
}

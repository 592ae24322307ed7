import { afterEach, describe, expect, it } from 'vitest';
import type { Tag } from '../../core/site/schema-types.ts';
import { choiceOf } from '../site/consent.ts';
import { applyChoice } from '../site/consent-tags.ts';
import { trackPixel } from './pixel.ts';

const pixel: Tag = { type: 'meta-pixel', id: '123456789012345' };
const win = window as unknown as { fbq?: unknown };

afterEach(() => {
  delete win.fbq;
});

/** A pixel on the page that records what it is told, as the real one's queue would. */
function recordingPixel(): unknown[][] {
  const calls: unknown[][] = [];
  win.fbq = (...args: unknown[]) => calls.push(args);
  return calls;
}

// one page's life: the order of these tests is the order of a visit (the page's consent state is the module's)
describe('a form’s conversion event', () => {
  it('does nothing without a pixel on the page', () => {
    expect(() => trackPixel('CompleteRegistration')).not.toThrow();
  });

  it('goes to a pixel on a page where no banner manages consent (a site without tags)', () => {
    const calls = recordingPixel();
    trackPixel('CompleteRegistration');
    expect(calls).toEqual([['track', 'CompleteRegistration']]);
  });

  it('where a banner manages consent: only while marketing is agreed to, never after a withdrawal', () => {
    applyChoice([pixel], choiceOf(['marketing']));
    const calls = recordingPixel();
    trackPixel('Lead');
    expect(calls).toContainEqual(['track', 'Lead']);
    applyChoice([pixel], choiceOf([]));
    trackPixel('CompleteRegistration');
    expect(calls).not.toContainEqual(['track', 'CompleteRegistration']);
    expect(calls.at(-1)).toEqual(['consent', 'revoke']);
  });
});

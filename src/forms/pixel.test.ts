import { afterEach, describe, expect, it } from 'vitest';
import type { Tag } from '../../core/site/schema-types.ts';
import { choiceOf, saveChoice } from '../site/consent.ts';
import { applyChoice } from '../site/consent-tags.ts';
import { trackPixel } from './pixel.ts';

// an id of this file's own: the page's loaded tags are the module's, and the dom project shares modules between files
const pixel: Tag = { type: 'meta-pixel', id: '555555555555555' };
const win = window as unknown as { fbq?: unknown };

afterEach(() => {
  delete win.fbq;
  delete (window as unknown as { _fbq?: unknown })._fbq;
  for (const script of document.head.querySelectorAll('script')) script.remove();
  document.body.innerHTML = '';
  localStorage.clear();
});

/** What the banner does with a choice: keeps it, then puts it in force. */
function choose(granted: Parameters<typeof choiceOf>[0]) {
  const choice = choiceOf(granted);
  saveChoice(localStorage, choice);
  applyChoice([pixel], choice);
}

/** A pixel on the page that records what it is told, as the real one's queue would. */
function recordingPixel(): unknown[][] {
  const calls: unknown[][] = [];
  win.fbq = (...args: unknown[]) => calls.push(args);
  return calls;
}

describe('a form’s conversion event', () => {
  it('does nothing without a pixel on the page', () => {
    expect(() => trackPixel('CompleteRegistration')).not.toThrow();
  });

  it('goes to a pixel on a page where no banner manages consent (a site without tags)', () => {
    const calls = recordingPixel();
    trackPixel('CompleteRegistration');
    expect(calls).toEqual([['track', 'CompleteRegistration']]);
  });

  it('where the banner is on the page: not before a choice, only while marketing is agreed to, never after a withdrawal', () => {
    document.body.innerHTML = '<div data-island="consent"></div>';
    const calls = recordingPixel();
    trackPixel('CompleteRegistration');
    expect(calls).toEqual([]);
    choose(['marketing']);
    trackPixel('Lead');
    expect(calls).toContainEqual(['track', 'Lead']);
    choose([]);
    trackPixel('CompleteRegistration');
    expect(calls).not.toContainEqual(['track', 'CompleteRegistration']);
    expect(calls.at(-1)).toEqual(['consent', 'revoke']);
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LANDING_ATTR } from '../../../core/islands/attributes.ts';
import { runLanding } from './landing.ts';

/** A prerendered landing page: its hidden preview notice and its <script data-to data-delay>. */
function landingPage() {
  document.body.innerHTML = `<p ${LANDING_ATTR.preview}="" hidden>Preview</p>`;
  const script = document.createElement('script');
  script.setAttribute(LANDING_ATTR.to, '/');
  script.setAttribute(LANDING_ATTR.delay, '3000');
  return { script, notice: document.querySelector<HTMLElement>(`[${LANDING_ATTR.preview}]`)! };
}

const robots = () => document.head.querySelector('meta[name="robots"]');

beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
  robots()?.remove();
});

describe('landing', () => {
  it('sends the visitor on to data-to after data-delay ms, replacing the history entry', () => {
    const { script, notice } = landingPage();
    const replace = vi.fn();
    runLanding(script, document, { search: '', replace });
    vi.advanceTimersByTime(2999);
    expect(replace).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(replace).toHaveBeenCalledWith('/');
    expect(notice.hidden).toBe(true);
    expect(robots()).toBeNull();
  });

  it('with ?preview stays, shows the notice and asks search engines not to index the page', () => {
    const { script, notice } = landingPage();
    const replace = vi.fn();
    runLanding(script, document, { search: '?utm_source=x&preview', replace });
    vi.advanceTimersByTime(60_000);
    expect(replace).not.toHaveBeenCalled();
    expect(notice.hidden).toBe(false);
    expect(robots()?.getAttribute('content')).toBe('noindex');
  });
});

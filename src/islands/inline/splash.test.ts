import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SPLASH_ATTR, SPLASH_SEEN, SPLASH_SEEN_KEY } from '../../../core/islands/attributes.ts';
import { runSplash } from './splash.ts';

beforeEach(() => sessionStorage.clear());
afterEach(() => {
  vi.restoreAllMocks();
  document.documentElement.removeAttribute(SPLASH_ATTR);
});

describe('splash', () => {
  it('shows the splash on the first page of a visit and notes it in sessionStorage', () => {
    runSplash(document);
    expect(document.documentElement.hasAttribute(SPLASH_ATTR)).toBe(false);
    expect(sessionStorage.getItem(SPLASH_SEEN_KEY)).toBe('1');
  });

  it('marks a later page of the visit html[data-splash=seen]', () => {
    sessionStorage.setItem(SPLASH_SEEN_KEY, '1');
    runSplash(document);
    expect(document.documentElement.getAttribute(SPLASH_ATTR)).toBe(SPLASH_SEEN);
  });

  it('shows the splash when sessionStorage throws', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(() => runSplash(document)).not.toThrow();
    expect(document.documentElement.hasAttribute(SPLASH_ATTR)).toBe(false);
  });
});

import { describe, expect, it, vi } from 'vitest';
import { NOT_FOUND_ATTR } from '../../../core/islands/attributes.ts';
import { runNotFound } from './not-found.ts';

describe('not found', () => {
  it('sends the visitor to data-to, replacing the history entry', () => {
    const script = document.createElement('script');
    script.setAttribute(NOT_FOUND_ATTR.to, '/contact');
    const replace = vi.fn();
    runNotFound(script, { replace });
    expect(replace).toHaveBeenCalledWith('/contact');
  });

  it('sends the visitor to the home page without data-to', () => {
    const replace = vi.fn();
    runNotFound(document.createElement('script'), { replace });
    expect(replace).toHaveBeenCalledWith('/');
  });
});

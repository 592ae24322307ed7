import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { SiteProvider, useSite, type SiteFiles } from './site-context.tsx';

describe('the studio’s site files, given to every part of the page (useSite)', () => {
  it('gives each part the one copy Studio() provides', () => {
    const site = { files: {}, problems: [] } as unknown as SiteFiles;
    const wrapper = ({ children }: { children: ReactNode }) => <SiteProvider site={site}>{children}</SiteProvider>;
    expect(renderHook(() => useSite(), { wrapper }).result.current).toBe(site);
  });

  it('says what is missing when a part is rendered outside the studio', () => {
    // React reports the error it rethrows as well
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => renderHook(() => useSite())).toThrow('useSite() needs a <SiteProvider> above it (studio/ui/app.tsx gives one)');
  });
});

import { describe, expect, it } from 'vitest';
import type { Integrations } from '../site/schema-types.ts';
import { contentSecurityPolicy, externalOrigins, securityHeaderValues } from './policy.ts';

const emailjs = (mode: 'local' | 'emailjs' | undefined) => ({
  mode,
  publicKey: 'k',
  serviceId: 's',
  origin: 'https://api.emailjs.com/',
  toEmail: 'info@example.nl',
});
const imageHost = (mode: 'local' | 'imgur' | undefined) => ({ mode, baseUrl: 'https://api.imgur.com/3', clientId: 'c' });
const hashes = { scriptHashes: ['sha256-abc='], styleHashes: ['sha256-def='] };
const directive = (csp: string, name: string) => csp.split('; ').find((d) => d.split(' ')[0] === name);

describe('externalOrigins', () => {
  it('adds nothing in the local modes (the default): the forms talk to their own origin', () => {
    const integrations: Integrations = { emailjs: emailjs(undefined), imageHost: imageHost('local') };
    expect(externalOrigins(integrations)).toEqual({ connect: [], img: [] });
  });

  it('allows the real services in their modes', () => {
    const integrations: Integrations = { emailjs: emailjs('emailjs'), imageHost: imageHost('imgur') };
    expect(externalOrigins(integrations)).toEqual({
      connect: ['https://api.emailjs.com', 'https://api.imgur.com'],
      img: ['https://api.imgur.com', 'https://i.imgur.com'],
    });
  });

  it('follows the VITE_ overrides the browser code follows, in any mode', () => {
    const integrations: Integrations = { emailjs: emailjs('local'), imageHost: imageHost('local') };
    const env = { VITE_EMAILJS_ORIGIN: 'http://127.0.0.1:9999', VITE_IMAGE_HOST_URL: 'http://127.0.0.1:9998/base' };
    expect(externalOrigins(integrations, env)).toEqual({ connect: ['http://127.0.0.1:9999', 'http://127.0.0.1:9998'], img: ['http://127.0.0.1:9998'] });
  });

  it('ignores what is not a URL', () => {
    const integrations: Integrations = { emailjs: { ...emailjs('emailjs'), origin: 'not a url' } };
    expect(externalOrigins(integrations, { VITE_EMAILJS_ORIGIN: '  ' })).toEqual({ connect: [], img: [] });
  });
});

describe('contentSecurityPolicy', () => {
  it('allows inline code by hash only', () => {
    const csp = contentSecurityPolicy({ hashes, hsts: false });
    expect(directive(csp, 'script-src')).toBe("script-src 'self' 'sha256-abc='");
    expect(directive(csp, 'style-src-elem')).toBe("style-src-elem 'self' 'sha256-def='");
    expect(directive(csp, 'style-src-attr')).toBe("style-src-attr 'unsafe-inline'");
    expect(csp).not.toContain('unsafe-eval');
    expect(directive(csp, 'default-src')).toBe("default-src 'self'");
    for (const d of ["object-src 'none'", "base-uri 'self'", "form-action 'self'", "frame-ancestors 'none'", "font-src 'self'", "media-src 'self'"]) {
      expect(csp.split('; ')).toContain(d);
    }
    expect(directive(csp, 'img-src')).toBe("img-src 'self' data: blob:");
    expect(directive(csp, 'connect-src')).toBe("connect-src 'self'");
    expect(directive(csp, 'upgrade-insecure-requests')).toBeUndefined();
  });

  it('upgrades requests only with HSTS', () => {
    expect(directive(contentSecurityPolicy({ hashes, hsts: true }), 'upgrade-insecure-requests')).toBeDefined();
  });

  it('lists the external hosts in img-src and connect-src', () => {
    const csp = contentSecurityPolicy({ hashes, hsts: false, integrations: { emailjs: emailjs('emailjs'), imageHost: imageHost('imgur') } });
    expect(directive(csp, 'img-src')).toBe("img-src 'self' data: blob: https://api.imgur.com https://i.imgur.com");
    expect(directive(csp, 'connect-src')).toBe("connect-src 'self' https://api.emailjs.com https://api.imgur.com");
  });
});

describe('the tags of the consent banner', () => {
  it("adds a tag's hosts only when it is configured: none without tags", () => {
    const csp = contentSecurityPolicy({ hashes, hsts: false, integrations: { tags: [] } });
    expect(csp).not.toMatch(/facebook|google/);
    expect(directive(csp, 'frame-src')).toBeUndefined();
  });

  it("allows the Meta pixel's script, image and requests", () => {
    const csp = contentSecurityPolicy({ hashes, hsts: false, integrations: { tags: [{ type: 'meta-pixel', id: '123456789012345' }] } });
    expect(directive(csp, 'script-src')).toBe("script-src 'self' 'sha256-abc=' https://connect.facebook.net");
    expect(directive(csp, 'img-src')).toBe("img-src 'self' data: blob: https://www.facebook.com");
    expect(directive(csp, 'connect-src')).toBe("connect-src 'self' https://www.facebook.com https://connect.facebook.net");
    expect(csp).not.toContain('google');
  });

  it("allows Google Analytics's hosts for a G- tag, and the Ads hosts and frames only for an AW- tag, each once", () => {
    const analytics = contentSecurityPolicy({ hashes, hsts: false, integrations: { tags: [{ type: 'google-tag', id: 'G-ABC123' }] } });
    expect(directive(analytics, 'script-src')).toBe("script-src 'self' 'sha256-abc=' https://*.googletagmanager.com");
    expect(analytics).not.toContain('doubleclick');
    expect(analytics).not.toContain('facebook');
    const both = contentSecurityPolicy({
      hashes,
      hsts: false,
      integrations: {
        tags: [
          { type: 'google-tag', id: 'G-ABC123' },
          { type: 'google-tag', id: 'AW-123456789' },
        ],
      },
    });
    expect(
      directive(both, 'script-src')
        ?.split(' ')
        .filter((s) => s === 'https://*.googletagmanager.com'),
    ).toHaveLength(1);
    expect(directive(both, 'frame-src')).toBe("frame-src 'self' https://td.doubleclick.net https://www.googletagmanager.com");
  });
});

describe('securityHeaderValues', () => {
  it('sends HSTS only when asked', () => {
    expect(securityHeaderValues({ hashes, hsts: false })['Strict-Transport-Security']).toBeUndefined();
    expect(securityHeaderValues({ hashes, hsts: true })['Strict-Transport-Security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('names only features browsers know in Permissions-Policy', () => {
    const value = securityHeaderValues({ hashes, hsts: false })['Permissions-Policy']!;
    expect(value).not.toContain('interest-cohort');
    expect(value.split(', ').every((p) => /^[a-z-]+=\(\)$/.test(p))).toBe(true);
  });
});

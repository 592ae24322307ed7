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

import { describe, expect, it } from 'vitest';
import type { Integrations } from '../../core/site/schema-types.ts';
import { imageHostFor, mailSettingsFor, pageOrigin } from './mail-settings.ts';

const integrations: Integrations = {
  emailjs: { publicKey: 'pk', serviceId: 'svc', origin: 'https://api.emailjs.com', toEmail: 'info@example.nl', blockHeadless: true },
  imageHost: { baseUrl: 'https://api.imgur.com/', clientId: 'cid' },
};
const remote: Integrations = {
  emailjs: { ...integrations.emailjs!, mode: 'emailjs' },
  imageHost: { ...integrations.imageHost!, mode: 'imgur' },
};
const PAGE = 'https://www.helderdigitaal.nl';

describe('integration settings', () => {
  it("local mode (the default) uses the page's own origin and a placeholder client id", () => {
    for (const config of [
      integrations,
      { emailjs: { ...integrations.emailjs!, mode: 'local' as const }, imageHost: { ...integrations.imageHost!, mode: 'local' as const } },
    ]) {
      expect(mailSettingsFor(config, 'tpl', {}, PAGE)).toMatchObject({ publicKey: 'pk', serviceId: 'svc', templateId: 'tpl', origin: PAGE });
      expect(imageHostFor(config, {}, PAGE)).toEqual({ baseUrl: PAGE, clientId: 'local' });
    }
  });

  it('read the origin when called, from the page', () => {
    expect(pageOrigin()).toBe(window.location.origin);
    expect(mailSettingsFor(integrations, 'tpl', {}).origin).toBe(window.location.origin);
    expect(imageHostFor(integrations, {}).baseUrl).toBe(window.location.origin);
  });

  it('emailjs and imgur modes come from config', () => {
    expect(mailSettingsFor(remote, 'tpl', {}, PAGE)).toMatchObject({
      publicKey: 'pk',
      serviceId: 'svc',
      templateId: 'tpl',
      origin: 'https://api.emailjs.com',
      blockHeadless: true,
    });
    expect(imageHostFor(remote, {}, PAGE)).toEqual({ baseUrl: 'https://api.imgur.com', clientId: 'cid' });
  });

  it('VITE_ variables override them in either mode, and can only switch headless blocking off', () => {
    const env = {
      VITE_EMAILJS_PUBLIC_KEY: 'pk2',
      VITE_EMAILJS_SERVICE_ID: 'svc2',
      VITE_EMAILJS_ORIGIN: 'http://127.0.0.1:9000',
      VITE_EMAILJS_BLOCK_HEADLESS: 'false',
      VITE_IMAGE_HOST_URL: 'http://127.0.0.1:9001',
      VITE_IMAGE_HOST_CLIENT_ID: 'cid2',
    };
    for (const config of [integrations, remote]) {
      expect(mailSettingsFor(config, 'tpl', env, PAGE)).toMatchObject({
        publicKey: 'pk2',
        serviceId: 'svc2',
        origin: 'http://127.0.0.1:9000',
        blockHeadless: false,
      });
      expect(imageHostFor(config, env, PAGE)).toEqual({ baseUrl: 'http://127.0.0.1:9001', clientId: 'cid2' });
    }
    const off = { ...integrations, emailjs: { ...integrations.emailjs!, blockHeadless: false } };
    expect(mailSettingsFor(off, 'tpl', { VITE_EMAILJS_BLOCK_HEADLESS: 'true' }).blockHeadless).toBe(false);
  });

  it('missing config gives empty values, which the mail module then refuses clearly', () => {
    expect(mailSettingsFor({}, 'tpl', {}, PAGE)).toMatchObject({ publicKey: '', serviceId: '', origin: '' });
    expect(imageHostFor({}, {}, PAGE)).toEqual({ baseUrl: '', clientId: '' });
  });
});

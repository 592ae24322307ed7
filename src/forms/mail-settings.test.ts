import { describe, expect, it } from 'vitest';
import type { Integrations } from '../config/schema-types.ts';
import { imageHostFor, mailSettingsFor } from './mail-settings.ts';

const integrations: Integrations = {
  emailjs: { publicKey: 'pk', serviceId: 'svc', origin: 'https://api.emailjs.com', toEmail: 'info@example.nl', blockHeadless: true },
  imageHost: { baseUrl: 'https://api.imgur.com/', clientId: 'cid' },
};

describe('integration settings', () => {
  it('come from config', () => {
    expect(mailSettingsFor(integrations, 'tpl', {})).toMatchObject({
      publicKey: 'pk',
      serviceId: 'svc',
      templateId: 'tpl',
      origin: 'https://api.emailjs.com',
      blockHeadless: true,
    });
    expect(imageHostFor(integrations, {})).toEqual({ baseUrl: 'https://api.imgur.com', clientId: 'cid' });
  });

  it('VITE_ variables override them, and can only switch headless blocking off', () => {
    const env = {
      VITE_EMAILJS_PUBLIC_KEY: 'pk2',
      VITE_EMAILJS_SERVICE_ID: 'svc2',
      VITE_EMAILJS_ORIGIN: 'http://127.0.0.1:9000',
      VITE_EMAILJS_BLOCK_HEADLESS: 'false',
      VITE_IMAGE_HOST_URL: 'http://127.0.0.1:9001',
      VITE_IMAGE_HOST_CLIENT_ID: 'cid2',
    };
    expect(mailSettingsFor(integrations, 'tpl', env)).toMatchObject({
      publicKey: 'pk2',
      serviceId: 'svc2',
      origin: 'http://127.0.0.1:9000',
      blockHeadless: false,
    });
    expect(imageHostFor(integrations, env)).toEqual({ baseUrl: 'http://127.0.0.1:9001', clientId: 'cid2' });
    const off = { ...integrations, emailjs: { ...integrations.emailjs!, blockHeadless: false } };
    expect(mailSettingsFor(off, 'tpl', { VITE_EMAILJS_BLOCK_HEADLESS: 'true' }).blockHeadless).toBe(false);
  });

  it('missing config gives empty values, which the mail module then refuses clearly', () => {
    expect(mailSettingsFor({}, 'tpl', {})).toMatchObject({ publicKey: '', serviceId: '', origin: '' });
    expect(imageHostFor({}, {})).toEqual({ baseUrl: '', clientId: '' });
  });
});

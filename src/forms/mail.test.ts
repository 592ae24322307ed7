import { beforeEach, describe, expect, it, vi } from 'vitest';

const sdk = vi.hoisted(() => ({ init: vi.fn(), send: vi.fn() }));
vi.mock('@emailjs/browser', () => sdk);

import { checkMailSettings, MailSettingsError, sendMail, type MailSettings } from './mail.ts';

const settings: MailSettings = { publicKey: 'pk', serviceId: 'svc', templateId: 'tpl', origin: 'http://127.0.0.1:9999' };
const params = { from_name: 'Jan', from_email: 'jan@example.nl', to_email: 'info@example.nl', message: 'Hallo', reply_to: 'jan@example.nl' };

describe('sendMail status mapping', () => {
  beforeEach(() => {
    sdk.init.mockReset();
    sdk.send.mockReset();
  });

  it('counts only status 200 as success', async () => {
    sdk.send.mockResolvedValueOnce({ status: 200, text: 'OK' });
    await expect(sendMail(settings, params)).resolves.toEqual({ ok: true, status: 200, text: 'OK' });
    sdk.send.mockResolvedValueOnce({ status: 202, text: 'Accepted' });
    await expect(sendMail(settings, params)).resolves.toEqual({ ok: false, status: 202, text: 'Accepted' });
  });

  it('turns a network failure (TypeError) into status 0 Network Error', async () => {
    sdk.send.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(sendMail(settings, params)).resolves.toEqual({ ok: false, status: 0, text: 'Network Error' });
  });

  it.each([
    [451, 'Unavailable For Headless Browser'],
    [403, 'Forbidden'],
    [429, 'Too Many Requests'],
    [500, 'Internal Server Error'],
  ])('passes the SDK answer %i through as a failure', async (status, text) => {
    sdk.send.mockRejectedValueOnce({ status, text });
    await expect(sendMail(settings, params)).resolves.toEqual({ ok: false, status, text });
  });

  it('gives up on a send that never answers: status 0 Timeout, after the given time', async () => {
    sdk.send.mockReturnValueOnce(new Promise(() => {}));
    await expect(sendMail(settings, params, 20)).resolves.toEqual({ ok: false, status: 0, text: 'Timeout' });
  });

  it('passes extra template params (submission_id) to the SDK untouched', async () => {
    sdk.send.mockResolvedValueOnce({ status: 200, text: 'OK' });
    await sendMail(settings, { ...params, submission_id: 'sub-12345678' });
    expect(sdk.send).toHaveBeenCalledWith('svc', 'tpl', { ...params, submission_id: 'sub-12345678' });
  });

  it('initialises the SDK with the origin and sends service, template and params', async () => {
    sdk.send.mockResolvedValueOnce({ status: 200, text: 'OK' });
    await sendMail({ ...settings, throttleMs: 5000 }, params);
    expect(sdk.init).toHaveBeenCalledWith(expect.objectContaining({ publicKey: 'pk', limitRate: { id: 'tpl', throttle: 5000 } }), 'http://127.0.0.1:9999');
    expect(sdk.send).toHaveBeenCalledWith('svc', 'tpl', params);
  });

  it('never switches headless blocking on in tests, even when configured', async () => {
    sdk.send.mockResolvedValueOnce({ status: 200, text: 'OK' });
    await sendMail({ ...settings, blockHeadless: true }, params);
    expect(sdk.init.mock.calls[0]?.[0]).toMatchObject({ blockHeadless: false });
  });

  it('refuses bad settings before calling the SDK, naming each problem', async () => {
    await expect(sendMail({ ...settings, publicKey: '', templateId: ' ' }, params)).rejects.toThrow(MailSettingsError);
    expect(sdk.send).not.toHaveBeenCalled();
    expect(sdk.init).not.toHaveBeenCalled();
  });

  it('reports a string rejection of the SDK as a settings error', async () => {
    sdk.send.mockRejectedValueOnce('The public key is required.');
    await expect(sendMail(settings, params)).rejects.toThrow(/public key is required/);
  });
});

describe('checkMailSettings', () => {
  it('accepts good settings', () => {
    expect(checkMailSettings({ ...settings, blockList: { list: ['spam@x.nl'], watchVariable: 'from_email' }, throttleMs: 1000 }, params)).toEqual([]);
  });

  it('refuses bad keys, ids, params, block list and throttle, with a message per problem', () => {
    const bad = {
      ...settings,
      publicKey: '',
      serviceId: 3,
      templateId: '',
      blockList: { list: 'x', watchVariable: 1 },
      throttleMs: -5,
    } as unknown as MailSettings;
    expect(checkMailSettings(bad, [])).toEqual([
      'public key must be a non-empty string',
      'service id must be a non-empty string',
      'template id must be a non-empty string',
      'template params must be an object',
      'block list must be an array',
      'block list watch variable must be a string',
      'throttle must be a positive number',
    ]);
    expect(checkMailSettings({ ...settings, throttleMs: 0 }, params)).toEqual(['throttle must be a positive number']);
    expect(checkMailSettings(settings, null)).toEqual(['template params must be an object']);
  });
});

import { describe, expect, it, vi } from 'vitest';
import { realSite } from '../../tests/test-model.ts';
import type { FormConfig } from './form-types.ts';
import { submitForm, type SubmitDeps } from './submit.ts';
import { initialValues } from './validation.ts';
import { MailSettingsError } from './mail.ts';

const form = (id: string) => realSite().forms[id] as unknown as FormConfig;

function deps(overrides: Partial<SubmitDeps> = {}): SubmitDeps {
  return {
    toEmail: 'info@example.nl',
    sendMail: vi.fn(async () => ({ ok: true, status: 200, text: 'OK' })),
    uploadImages: vi.fn(async (files: File[]) => files.map((f) => `https://img/${f.name}`)),
    postFallback: vi.fn(async () => true),
    trackPixel: vi.fn(),
    onProgress: vi.fn(),
    report: vi.fn(),
    ...overrides,
  };
}

const filled = (id: string) => ({ ...initialValues(form(id)), name: 'Jan', email: 'jan@example.nl', company: 'Jansen BV' });

describe('submitForm', () => {
  it('the contact fallback runs only when the mail fails, and its answer decides', async () => {
    const ok = deps();
    expect(await submitForm(form('contact'), filled('contact'), {}, ok)).toBe(true);
    expect(ok.postFallback).not.toHaveBeenCalled();

    const rescued = deps({ sendMail: async () => ({ ok: false, status: 500, text: 'err' }) });
    expect(await submitForm(form('contact'), filled('contact'), {}, rescued)).toBe(true);
    expect(rescued.postFallback).toHaveBeenCalledWith(filled('contact'));

    const lost = deps({ sendMail: async () => ({ ok: false, status: 0, text: 'Network Error' }), postFallback: async () => false });
    expect(await submitForm(form('contact'), filled('contact'), {}, lost)).toBe(false);
  });

  it('forms without fallback fail when the mail fails; a settings error is reported', async () => {
    const d = deps({
      sendMail: async () => {
        throw new MailSettingsError(['public key must be a non-empty string']);
      },
    });
    expect(await submitForm(form('quote'), filled('quote'), {}, d)).toBe(false);
    expect(d.postFallback).not.toHaveBeenCalled();
    expect(d.report).toHaveBeenCalledWith(expect.stringContaining('public key'));
  });

  it('fires the pixel event after a quote success only', async () => {
    const good = deps();
    await submitForm(form('quote'), filled('quote'), {}, good);
    expect(good.trackPixel).toHaveBeenCalledWith('CompleteRegistration');
    const bad = deps({ sendMail: async () => ({ ok: false, status: 429, text: 'Too Many Requests' }) });
    await submitForm(form('quote'), filled('quote'), {}, bad);
    expect(bad.trackPixel).not.toHaveBeenCalled();
    const contact = deps();
    await submitForm(form('contact'), filled('contact'), {}, contact);
    expect(contact.trackPixel).not.toHaveBeenCalled();
  });

  it('demo: uploads the picked files and puts the links in the message', async () => {
    const d = deps();
    const file = new File(['x'], 'logo.png', { type: 'image/png' });
    await submitForm(form('demo'), filled('demo'), { images: [{ id: '1', file, previewUrl: 'blob:1' }] }, d);
    expect(d.uploadImages).toHaveBeenCalledWith([file], d.onProgress);
    const params = vi.mocked(d.sendMail).mock.calls[0]![0];
    expect(params.message).toContain("Foto's:\nhttps://img/logo.png");
  });
});

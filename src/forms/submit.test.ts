import { describe, expect, it, vi } from 'vitest';
import { fixtureSite } from '../../tests/test-model.ts';
import type { FormConfig } from '../../core/forms/form-types.ts';
import { submitForm, type SubmitDeps } from './submit.ts';
import { initialValues } from '../../core/forms/validation.ts';
import { MailSettingsError } from './mail.ts';
import { readAsDataUrl } from './upload.ts';

const form = (id: string) => fixtureSite().forms[id] as unknown as FormConfig;

function deps(overrides: Partial<SubmitDeps> = {}): SubmitDeps {
  return {
    toEmail: 'info@example.nl',
    submissionId: 'sub-12345678',
    sendMail: vi.fn(async () => ({ ok: true, status: 200, text: 'OK' })),
    uploadImages: vi.fn(async (files: File[]) => files.map((file) => ({ file, link: `https://img/${file.name}` }))),
    readDataUrl: readAsDataUrl,
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
    // the fallback body (values; the timestamp is added on the way out) plus the submission id
    expect(rescued.postFallback).toHaveBeenCalledWith({ ...filled('contact'), submissionId: 'sub-12345678' });

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

  it('uploads, records the lead, mails, then reports the delivery; the mail carries submission_id', async () => {
    const steps: string[] = [];
    const d = deps({
      uploadImages: async (files) => (steps.push('upload'), files.map((file) => ({ file, link: `https://site/uploads/${file.name}` }))),
      recordLead: async () => (steps.push('record'), true),
      sendMail: async () => (steps.push('mail'), { ok: true, status: 200, text: 'OK' }),
      reportDelivery: vi.fn(() => void steps.push('delivery')),
    });
    const picked = [new File(['x'], 'a.png', { type: 'image/png' }), new File(['y'], 'b.png', { type: 'image/png' })];
    const record = vi.spyOn(d, 'recordLead');
    const mail = vi.spyOn(d, 'sendMail');
    const files = { images: picked.map((file, i) => ({ id: String(i), file, previewUrl: `blob:${i}` })) };
    expect(await submitForm(form('demo'), filled('demo'), files, d)).toBe(true);
    expect(steps).toEqual(['upload', 'record', 'mail', 'delivery']);
    expect(record).toHaveBeenCalledWith({ values: filled('demo'), photos: ['https://site/uploads/a.png', 'https://site/uploads/b.png'] });
    expect(mail.mock.calls[0]![0]).toMatchObject({ submission_id: 'sub-12345678', to_email: 'info@example.nl', from_email: 'jan@example.nl' });
    expect(d.reportDelivery).toHaveBeenCalledWith({ ok: true, status: 200, text: 'OK' });
  });

  it('the record never decides the outcome; a refused record gets no delivery report', async () => {
    const refused = deps({ recordLead: async () => false, reportDelivery: vi.fn() });
    expect(await submitForm(form('quote'), filled('quote'), {}, refused)).toBe(true);
    expect(refused.reportDelivery).not.toHaveBeenCalled();

    const failedMail = deps({ recordLead: async () => true, reportDelivery: vi.fn(), sendMail: async () => ({ ok: false, status: 0, text: 'Timeout' }) });
    expect(await submitForm(form('quote'), filled('quote'), {}, failedMail)).toBe(false);
    expect(failedMail.reportDelivery).toHaveBeenCalledWith({ ok: false, status: 0, text: 'Timeout' });
  });

  it('a settings error is reported as the delivery too, so the lead says why no mail went out', async () => {
    const d = deps({
      recordLead: async () => true,
      reportDelivery: vi.fn(),
      sendMail: async () => {
        throw new MailSettingsError(['service id must be a non-empty string']);
      },
    });
    await submitForm(form('quote'), filled('quote'), {}, d);
    expect(d.reportDelivery).toHaveBeenCalledWith({ ok: false, status: 0, text: 'mail settings: service id must be a non-empty string' });
  });

  it('a photo the host refused goes into the mail as a data URL but never into the lead', async () => {
    const d = deps({ uploadImages: async (files) => files.map((file) => ({ file })), recordLead: vi.fn(async () => true) });
    const file = new File(['x'], 'logo.png', { type: 'image/png' });
    await submitForm(form('demo'), filled('demo'), { images: [{ id: '1', file, previewUrl: 'blob:1' }] }, d);
    expect(d.recordLead).toHaveBeenCalledWith({ values: filled('demo'), photos: [] });
    expect(vi.mocked(d.sendMail).mock.calls[0]![0].message).toContain(`Foto's:\ndata:image/png;base64,${btoa('x')}`);
  });
});

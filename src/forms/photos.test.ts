import { afterEach, describe, expect, it, vi } from 'vitest';
import { fixtureSite } from '../../tests/test-model.ts';
import type { FormConfig, ImagesField } from '../../core/forms/form-types.ts';
import { composeMessage } from '../../core/forms/message.ts';
import { dataUrlLength, hostedLinks, MESSAGE_BUDGET_BYTES, notUploadedLine, photoLines } from './photos.ts';
import { readAsDataUrl } from './upload.ts';
import { initialValues } from '../../core/forms/validation.ts';

const demo = fixtureSite().forms['demo'] as unknown as FormConfig;
const images = demo.fields.find((f): f is ImagesField => f.type === 'images')!;
const values = { ...initialValues(demo), name: 'Jan', email: 'jan@example.nl', company: 'Jansen BV' };
const file = (name: string, size: number) => new File([new Uint8Array(size)], name, { type: 'image/png' });

afterEach(() => vi.unstubAllGlobals());

describe('dataUrlLength', () => {
  it('is known before reading and equals the real data URL', async () => {
    for (const size of [0, 1, 2, 3, 1000, 1001]) {
      const f = file('a.png', size);
      expect(dataUrlLength(f)).toBe((await readAsDataUrl(f)).length);
    }
  });
});

describe('photoLines', () => {
  it('hosted photos keep their link; a refused small one is embedded as a data URL', async () => {
    const lines = await photoLines(
      demo,
      values,
      { images: [{ file: file('a.png', 3), link: 'https://site/uploads/a.png' }, { file: file('b.png', 3) }] },
      readAsDataUrl,
    );
    expect(lines).toEqual({ images: ['https://site/uploads/a.png', 'data:image/png;base64,AAAA'] });
  });

  it('a refused file that would push the message over the budget is named instead, and never read', async () => {
    const read = vi.fn(readAsDataUrl);
    const big = file('groot.png', 40_000);
    const lines = await photoLines(demo, values, { images: [{ file: big }] }, read);
    expect(lines.images).toEqual(['groot.png (kon niet worden geüpload)']);
    expect(read).not.toHaveBeenCalled();
  });

  it('fills the budget in order: later files that still fit are embedded, the whole message stays under it', async () => {
    const photos = { images: [{ file: file('1.png', 20_000) }, { file: file('2.png', 20_000) }, { file: file('3.png', 10_000) }] };
    const lines = await photoLines(demo, values, photos, readAsDataUrl);
    expect(lines.images![0]).toMatch(/^data:image\/png;base64,/);
    expect(lines.images![1]).toBe('2.png (kon niet worden geüpload)');
    expect(lines.images![2]).toMatch(/^data:image\/png;base64,/);
    const message = composeMessage(demo, values, lines);
    expect(new TextEncoder().encode(message).length).toBeLessThanOrEqual(MESSAGE_BUDGET_BYTES);
    expect(message.length).toBeGreaterThan(MESSAGE_BUDGET_BYTES - 10_000);
  });

  it('counts bytes, not characters: long multi-byte wishes leave less room', async () => {
    const wordy = { ...values, customFeatures: '€'.repeat(2000) };
    const f = file('a.png', 31_000);
    expect((await photoLines(demo, values, { images: [{ file: f }] }, readAsDataUrl)).images![0]).toMatch(/^data:/);
    expect((await photoLines(demo, wordy, { images: [{ file: f }] }, readAsDataUrl)).images![0]).toBe('a.png (kon niet worden geüpload)');
  });

  it('uses texts.notUploaded when the form has it', () => {
    const field = { ...images, texts: { ...images.texts, notUploaded: '{name} kon niet worden geüpload' } } as ImagesField;
    expect(notUploadedLine(field, 'logo.png')).toBe('logo.png kon niet worden geüpload');
  });

  it('rejects when a refused file cannot be read, instead of sending a broken line', async () => {
    class BrokenReader {
      error = new DOMException('unreadable', 'NotReadableError');
      onload: (() => void) | null = null;
      onerror: (() => void) | null = null;
      readAsDataURL() {
        queueMicrotask(() => this.onerror?.());
      }
    }
    vi.stubGlobal('FileReader', BrokenReader);
    await expect(photoLines(demo, values, { images: [{ file: file('a.png', 3) }] }, readAsDataUrl)).rejects.toThrow('unreadable');
  });
});

describe('hostedLinks', () => {
  it('lists the real links of every image field, never a data URL or a refused file', () => {
    expect(hostedLinks({ images: [{ file: file('a.png', 1), link: 'https://site/uploads/a.png' }, { file: file('b.png', 1) }], other: [] })).toEqual([
      'https://site/uploads/a.png',
    ]);
  });
});

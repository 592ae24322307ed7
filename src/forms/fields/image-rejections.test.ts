import { describe, expect, it } from 'vitest';
import { fixtureSite } from '../../../tests/test-model.ts';
import type { FormConfig, ImagesField } from '../../../core/forms/form-types.ts';
import { acceptList, rejectionMessage } from './image-rejections.ts';

const demo = fixtureSite().forms['demo'] as unknown as FormConfig;
const images = demo.fields.find((f): f is ImagesField => f.type === 'images')!;

describe('rejectionMessage with the demo form texts', () => {
  // The demo form sets no minimum; the schema allows one, so the too-small text is checked with one added.
  const field: ImagesField = { ...images, minSize: 1024 };

  it.each([
    ['file-invalid-type', 'File type must be one of image/jpeg, .jpeg, .jpg, image/png, .png, image/gif, .gif'],
    ['file-too-large', 'File is larger than 5242880 bytes'],
    ['file-too-small', 'File is smaller than 1024 bytes'],
    ['too-many-files', 'Too many files'],
  ])('%s -> the configured text', (code, text) => {
    expect(rejectionMessage(field, code, 'library text')).toBe(text);
  });

  it('an unknown code keeps the library message', () => {
    expect(rejectionMessage(field, 'file-exploded', 'library text')).toBe('library text');
  });

  it('the texts follow the config, not fixed copy', () => {
    const other: ImagesField = {
      ...field,
      accept: { 'image/webp': ['.webp'] },
      maxSize: 2000,
      minSize: 10,
      errors: { invalidType: 'Alleen {types}', tooLarge: 'Groter dan {size}', tooSmall: 'Kleiner dan {size}', tooMany: 'Te veel' },
    };
    expect(acceptList(other.accept)).toBe('image/webp, .webp');
    expect(rejectionMessage(other, 'file-invalid-type', '')).toBe('Alleen image/webp, .webp');
    expect(rejectionMessage(other, 'file-too-large', '')).toBe('Groter dan 2000');
    expect(rejectionMessage(other, 'file-too-small', '')).toBe('Kleiner dan 10');
    expect(rejectionMessage(other, 'too-many-files', '')).toBe('Te veel');
  });
});

import type { CheckboxesField, FormConfig, FormField, ImagesField } from '../site/schema-types.ts';

export type { CheckboxesField, FormConfig, FormField, ImagesField };

/** Text fields hold a string, checkbox groups the chosen option values. Files live apart (see FormFiles). */
export type FieldValue = string | string[];
export type FormValues = Record<string, FieldValue>;
export type FieldErrors = Record<string, string>;

/** A chosen image and its preview URL; the URL is revoked when the file leaves the form. */
export interface PickedFile {
  id: string;
  file: File;
  previewUrl: string;
}

export type FormFiles = Record<string, PickedFile[]>;

export type FormStatus = 'idle' | 'submitting' | 'success' | 'error';

import type { Schema } from './schema.ts';
import type { FieldProps } from './field-common.tsx';
import { TextInput } from './text-input.tsx';

/** A field that holds a link (the schemas mark it `x-link`): a page of the site, another site, a phone number or an address. */
export const isLinkSchema = (schema: Schema): boolean => schema['x-link'] === true;

/** The link picker (being built): for now the link is typed as text. */
export function LinkField(props: FieldProps) {
  return <TextInput {...props} />;
}

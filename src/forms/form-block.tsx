import type { BlockOf } from '../config/model.ts';

/** Placeholder until the generic form engine lands (issue 4): names the form it will render. */
export default function FormBlock({ block }: { block: BlockOf<'form'> }) {
  return <div data-form={block.form} />;
}

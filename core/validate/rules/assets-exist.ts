import type { Rule } from './rule.ts';
import { coded } from '../problem-catalog.ts';
import { PUBLIC_DIR } from '../../site/layout.ts';

export const assetsExist: Rule = {
  name: 'assets-exist',
  description: 'Every image, icon and sound a file names is in public/.',
  needs: [],
  check(context) {
    for (const { file, ref } of context.references) {
      if (ref.kind !== 'asset') continue;
      if (!context.files.exists(`${PUBLIC_DIR}${ref.value}`)) context.report(file, ref.pointer, coded('asset-missing', { src: ref.value }));
    }
  },
};

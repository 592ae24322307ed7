import { didYouMean } from '../did-you-mean.ts';
import { coded } from '../problem-catalog.ts';
import type { Rule } from './rule.ts';
import { CONTENT_DIRS, contentFile, type ContentKind } from '../../site/layout.ts';

const baseName = (file: string) => file.slice(file.lastIndexOf('/') + 1, -'.json'.length);

/** The kind of file a reference's target names (`page`, `form`, `collection:<kind>`); anything else a collection. */
const kindOfTarget = (what: string): ContentKind => (Object.keys(CONTENT_DIRS).includes(what) ? (what as ContentKind) : 'collection');

export const referencesExist: Rule = {
  name: 'references-exist',
  description: 'Every page, form and collection referenced by id exists, and a collection holds the kind of items its block needs.',
  needs: [],
  check(context) {
    for (const { file, ref } of context.references) {
      if (ref.kind !== 'ref') continue;
      const [what = '', kind] = ref.target.split(':');
      const dir = CONTENT_DIRS[kindOfTarget(what)];
      const target = contentFile(kindOfTarget(what), ref.value);
      if (!context.files.exists(target)) {
        const known = context.files.list(dir).map(baseName);
        const suggestion = didYouMean(ref.value, known);
        const guess = suggestion === undefined ? {} : { suggestion };
        context.report(file, ref.pointer, coded('reference-missing', { what, id: ref.value, dir, known, ...guess }));
      } else if (kind) {
        // read, not trusted: the target may have failed its own schema
        const data = context.sources.get(target)?.data;
        const actual = data !== null && typeof data === 'object' ? (data as { kind?: unknown }).kind : undefined;
        if (typeof actual === 'string' && actual !== kind)
          context.report(file, ref.pointer, coded('collection-wrong-kind', { id: ref.value, holds: actual, needs: kind }));
      }
    }
  },
};

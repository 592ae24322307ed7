import { suggestion } from '../did-you-mean.ts';
import type { Rule } from './rule.ts';

const baseName = (file: string) => file.slice(file.lastIndexOf('/') + 1, -'.json'.length);

const DIRS: Record<string, string> = { page: 'content/pages', form: 'content/forms', collection: 'content/collections' };

export const referencesExist: Rule = {
  name: 'references-exist',
  description: 'Every page, form and collection referenced by id exists, and a collection holds the kind of items its block needs.',
  needs: [],
  check(context) {
    for (const { file, ref } of context.references) {
      if (ref.kind !== 'ref') continue;
      const [what = '', kind] = ref.target.split(':');
      const dir = DIRS[what] ?? DIRS.collection!;
      const target = `${dir}/${ref.value}.json`;
      if (!context.files.exists(target)) {
        const known = context.files.list(dir).map(baseName);
        const hint = suggestion(ref.value, known) || (known.length ? `; known: ${known.join(', ')}` : '');
        context.report(file, ref.pointer, `${what} "${ref.value}" not found in ${dir}/${hint}`);
      } else if (kind) {
        // read, not trusted: the target may have failed its own schema
        const data = context.sources.get(target)?.data;
        const actual = data !== null && typeof data === 'object' ? (data as { kind?: unknown }).kind : undefined;
        if (typeof actual === 'string' && actual !== kind)
          context.report(file, ref.pointer, `collection "${ref.value}" holds ${actual} items, but this block needs ${kind}`);
      }
    }
  },
};

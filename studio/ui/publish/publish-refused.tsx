import type { RefusedFile } from './publish-calls.ts';
import type { PublishTexts } from './publish-texts.ts';

const nameOf = (path: string) => path.replace(/^.*\//, '').replace(/\.json$/, '');

/**
 * The changed files Publish leaves out, a line each: a link to a file outside the site is never shown, read or
 * committed, and the person learns it does not go live (and whom to ask) instead of seeing it vanish.
 */
export function RefusedFiles({ files, texts }: { files: RefusedFile[] | undefined; texts: PublishTexts }) {
  if (!files || files.length === 0) return null;
  return (
    <ul className="change-list refused-list" aria-label={texts.refusedLabel}>
      {files.map((file) => (
        <li key={file.path} className="publish-refused">
          {texts.linkRefused(nameOf(file.path))}
        </li>
      ))}
    </ul>
  );
}

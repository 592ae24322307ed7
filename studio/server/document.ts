import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CONFIG_FILE } from '../../core/site/layout.ts';
import { STUDIO_BACK_OFFICE_META, STUDIO_EDITOR_META } from '../../core/studio/contract.ts';

/** The site's language (its config's `lang`), which the studio speaks from its first paint; English when unreadable. */
export function siteLanguage(siteRoot: string): string {
  try {
    const lang = (JSON.parse(readFileSync(join(siteRoot, CONFIG_FILE), 'utf8')) as { lang?: unknown }).lang;
    // a language tag only: it is written into the page
    return typeof lang === 'string' && /^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$/.test(lang) ? lang : 'en';
  } catch {
    return 'en';
  }
}

const attribute = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The studio's page: its bundled script and stylesheet (see bundle.ts), in the site's language; behind a sign-in, the
 * person signed in (`STUDIO_EDITOR_META`), whom Publish names without asking, and the back office's address, the
 * studio's way back to it (`STUDIO_BACK_OFFICE_META`).
 */
export function studioDocument(lang = 'en', editor?: string, backOffice?: string): string {
  const signedIn =
    (editor ? `\n    <meta name="${STUDIO_EDITOR_META}" content="${attribute(editor)}" />` : '') +
    (backOffice ? `\n    <meta name="${STUDIO_BACK_OFFICE_META}" content="${attribute(backOffice)}" />` : '');
  return `<!doctype html>
<html lang="${lang}">
  <head>
    <meta charset="UTF-8" />${signedIn}
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Studio</title>
    <link rel="stylesheet" href="/__studio/app.css" />
  </head>
  <body>
    <div id="studio"></div>
    <script type="module" src="/__studio/app.js"></script>
  </body>
</html>
`;
}

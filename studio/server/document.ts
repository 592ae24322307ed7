import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CONFIG_FILE } from '../../core/site/layout.ts';

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

/** The studio's page: its bundled script and stylesheet (see bundle.ts), in the site's language. */
export function studioDocument(lang = 'en'): string {
  return `<!doctype html>
<html lang="${lang}">
  <head>
    <meta charset="UTF-8" />
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

import { escapeHtml } from '../lib/page-document.ts';

/** The fields of an error that Vite's ErrorOverlay shows: `plugin` names what found it, above the message. */
export interface OverlayError {
  message: string;
  stack: string;
  plugin?: string;
}

/**
 * The opening tag of the text of the error in the page: `marker` is an attribute of its own that tells one kind of
 * error page from the others: site-freshness.ts answers the problems page apart from a render that failed.
 */
export const overlayTextTag = (marker?: string) => `<pre data-dev-error${marker ? ` ${marker}` : ''}>`;

/**
 * An error as a page the dev server answers with: its text, readable without script, and Vite's overlay over it
 * (the file and line of each problem), as a developer's tab shows an error of a module.
 */
export function overlayDocument(error: OverlayError, marker?: string): string {
  // no "</script>" may end the inline script early: the message is the site's own text
  const payload = JSON.stringify(error).replace(/</g, '\\u003c');
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Error</title>
  </head>
  <body>
    ${overlayTextTag(marker)}${escapeHtml(error.message)}</pre>
    <script type="module">
      import { ErrorOverlay } from '/@vite/client';
      document.body.appendChild(new ErrorOverlay(${payload}));
    </script>
  </body>
</html>
`;
}

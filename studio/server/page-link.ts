import { STUDIO_PATH } from '../../core/studio/contract.ts';

/** Where each page of the dev server loads its link to the studio from. */
export const PAGE_LINK_PATH = `${STUDIO_PATH}/page-link.js`;

/**
 * The link on every page of the dev server (and over Vite's error overlay) that opens the studio at that page.
 * It lives in a shadow root, so the page's styles and the link's never meet, and not in the studio's own previews.
 */
export const pageLinkScript = `const here = location.pathname;
// the page says whether it shows the link (the tests wait for it)
document.documentElement.dataset.studioLinkState = window.top === window ? 'shown' : 'framed';
if (window.top === window && !here.startsWith('${STUDIO_PATH}')) {
  const host = document.createElement('div');
  host.setAttribute('data-studio-link', '');
  const shadow = host.attachShadow({ mode: 'open' });
  const style = document.createElement('style');
  style.textContent = 'a{position:fixed;left:16px;bottom:16px;z-index:100000;padding:10px 14px;border-radius:999px;' +
    'background:#111827;color:#fff;font:600 14px/1 system-ui,sans-serif;text-decoration:none;box-shadow:0 4px 14px rgb(0 0 0/25%)}' +
    'a:hover{background:#374151}a:focus-visible{outline:3px solid #93c5fd;outline-offset:2px}';
  const link = document.createElement('a');
  link.href = '${STUDIO_PATH}?route=' + encodeURIComponent(here);
  link.textContent = 'Edit in the studio';
  shadow.append(style, link);
  document.body.append(host);
}
`;

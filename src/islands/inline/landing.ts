import { LANDING_ATTR, PREVIEW_PARAM } from '../../../core/islands/attributes.ts';

/** The parts of window.location the redirects use. */
export type Navigation = Pick<Location, 'search' | 'replace'>;

/**
 * On a landing page: on to the redirect target (the script's data-to) after the delay (data-delay, in ms),
 * replacing the history entry. With ?preview the page stays for staff, shows its notice
 * ([data-landing-preview]) and tells search engines not to index the preview.
 */
export function runLanding(script: Pick<Element, 'getAttribute'>, doc: Document, nav: Navigation = location): void {
  if (new URLSearchParams(nav.search).has(PREVIEW_PARAM)) {
    const notice = doc.querySelector<HTMLElement>(`[${LANDING_ATTR.preview}]`);
    if (notice) notice.hidden = false;
    const robots = doc.createElement('meta');
    robots.name = 'robots';
    robots.content = 'noindex';
    doc.head.appendChild(robots);
    return;
  }
  setTimeout(() => nav.replace(String(script.getAttribute(LANDING_ATTR.to))), Number(script.getAttribute(LANDING_ATTR.delay)));
}

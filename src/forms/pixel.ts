import { marketingAllowed } from '../site/consent-tags.ts';

/**
 * Fires an advertising-pixel event (the form's conversion event, such as CompleteRegistration) when the pixel is on
 * the page. On a site with tags the pixel is there only once the visitor agreed to marketing, and an event fires only
 * while that consent holds: after a withdrawal the pixel stays in the page's memory, told to stop, and gets nothing.
 */
export function trackPixel(event: string): void {
  const fbq: unknown = (window as { fbq?: unknown }).fbq;
  if (typeof fbq === 'function' && marketingAllowed()) fbq('track', event);
}

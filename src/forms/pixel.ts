/** Fires an advertising-pixel event only when the pixel script has put `fbq` on the page. */
export function trackPixel(event: string): void {
  const fbq: unknown = (window as { fbq?: unknown }).fbq;
  if (typeof fbq === 'function') fbq('track', event);
}

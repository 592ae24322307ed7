/**
 * Plays the chime where the browser allows it. The file is fetched only now, never with the page.
 * Autoplay rules reject play() until the visitor has interacted; that rejection (or a missing Audio
 * implementation) is swallowed on purpose: a blocked chime must never surface as an error.
 */
export function playNotificationSound(src: string): void {
  try {
    const audio = new Audio(src);
    audio.volume = 0.6;
    const played = audio.play() as Promise<void> | undefined;
    if (played && typeof played.catch === 'function') played.catch(() => undefined);
  } catch {
    // no audio support: the badge alone carries the notification
  }
}

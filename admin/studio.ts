import { post } from './api.ts';

/**
 * Into the studio: it opens on an origin of its own, so the back office gives a one-time ticket for it, and the
 * browser goes there with it (server/admin/studio-routes.ts). Refused (no studio for this person, the server out of
 * reach), it throws, and the screen says so. Used by the menu's "Studio" and by an editor's sign-in (session.tsx).
 */
export async function openStudio(): Promise<void> {
  const { url } = await post('/studio/ticket');
  window.location.assign(url);
}

/** Said in the state of the address a sign-in lands on when the studio did not open: the menu's "Studio" says so. */
export interface StudioFailedState {
  studioFailed?: boolean;
}

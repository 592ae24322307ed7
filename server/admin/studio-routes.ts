import type { StaffStore } from '../staff/store/staff-store.ts';
import { hashToken, newToken } from '../staff/tokens.ts';
import type { StudioTickets } from '../storage/studio-queries.ts';
import { answer, route, type RouteSpec } from './routes.ts';
import { STUDIO_ENTRY_PATH } from '../../core/studio/contract.ts';

/** The studio beside the back office: its own origin (STUDIO_ORIGIN), on the same database. */
export interface StudioDoor {
  origin: string;
  state: StudioTickets;
}

/**
 * Opening the studio: a one-time ticket for the signed-in editor, good for a minute, and the address on the studio's
 * origin that redeems it. The studio has an origin of its own (its preview runs the site's scripts, which must never
 * run where the back office's session is), so the session does not travel: the ticket does, once.
 */
export function studioRoutes(staff: StaffStore, door: StudioDoor): RouteSpec[] {
  return [
    route('POST /studio/ticket', {
      permission: 'content',
      handler: async (c, who) => {
        const token = newToken();
        await door.state.createTicket(hashToken(token), who.user.id);
        await staff.audit('studio.opened', who.user.id, [who.user.id]);
        return answer(c, { url: `${door.origin}${STUDIO_ENTRY_PATH}?ticket=${token}` });
      },
    }),
  ];
}

import { useCallback, useContext, useEffect, useRef, useState } from 'react';
import { LEASE_HEARTBEAT_MS, LEASES_API, type LeaseRequestBody, type LeaseWireAnswer } from '../../../core/studio/contract.ts';
import { postJson, TAB } from './call.ts';
import { SiteFilesContext } from './site-context.tsx';

/**
 * Whether this tab may edit the open file: off (no sign-in in front of the studio, so no leases), held (this tab
 * has it), or another person's (`lost`: they took it over from this tab).
 */
export type LeaseView = { state: 'off' } | { state: 'asking' } | { state: 'held' } | { state: 'other'; holder: string; since: string; lost: boolean };

async function ask(action: '' | '/renew' | '/release', body: LeaseRequestBody, keepalive = false): Promise<unknown> {
  const response = await postJson(`${LEASES_API}${action}`, body, keepalive);
  if (!response.ok) throw new Error(String(response.status));
  return response.json();
}

/**
 * The lease of the open file for this tab (`enabled`: the studio is behind a sign-in): taken when the file opens,
 * renewed every LEASE_HEARTBEAT_MS while held, released when another file opens or the tab closes. While another
 * person has it, asked again at the same pace, so the file is this tab's as soon as it is free; `takeOver` takes it
 * from them at once.
 */
export function useLease(path: string, enabled: boolean): { view: LeaseView; takeOver: () => Promise<void> } {
  const [view, setView] = useState<LeaseView>(enabled ? { state: 'asking' } : { state: 'off' });
  const held = useRef(false);
  /** asks at once whether the file is still this tab's (set while the file is open) */
  const recheck = useRef<() => void>(() => undefined);
  // a write refused because another person has the file: this tab lost it, and says so now, not at the next beat
  const refused = useContext(SiteFilesContext)?.lost;
  useEffect(() => {
    if (refused?.reason === 'leased') recheck.current();
  }, [refused]);
  const apply = useCallback((answer: LeaseWireAnswer, lost: boolean) => {
    held.current = answer.held;
    setView(answer.held ? { state: 'held' } : { state: 'other', holder: answer.holder.email, since: answer.holder.since, lost });
  }, []);

  useEffect(() => {
    if (!enabled) return;
    let live = true;
    const body = { path, leaseId: TAB };
    // taken from this tab while open: it asks again only to learn when the file is free, never to take it back
    let lost = false;
    const take = () =>
      ask('', lost ? { ...body, afterLoss: true } : body).then(
        (answer) => {
          if (!live) return;
          if ((answer as LeaseWireAnswer).held) lost = false;
          apply(answer as LeaseWireAnswer, lost);
        },
        () => undefined,
      );
    const beat = async () => {
      if (!held.current) return take();
      const { held: still } = (await ask('/renew', body).catch(() => ({ held: true }))) as { held: boolean };
      // taken over (or run out and taken): say by whom
      if (!still && live) {
        lost = true;
        await take();
      }
    };
    setView({ state: 'asking' });
    held.current = false;
    void take();
    const timer = setInterval(() => void beat(), LEASE_HEARTBEAT_MS);
    // a fetch that outlives the tab, not a beacon: a beacon cannot send the custom header every write needs
    const leave = () => void ask('/release', body, true).catch(() => undefined);
    // back in this tab: whether the file is still this tab's is asked at once, not at the next beat
    const back = () => void beat();
    recheck.current = back;
    window.addEventListener('pagehide', leave);
    window.addEventListener('focus', back);
    return () => {
      live = false;
      clearInterval(timer);
      window.removeEventListener('pagehide', leave);
      window.removeEventListener('focus', back);
      recheck.current = () => undefined;
      if (held.current) void ask('/release', body, true).catch(() => undefined);
      held.current = false;
    };
  }, [path, enabled, apply]);

  const takeOver = useCallback(async () => {
    apply((await ask('', { path, leaseId: TAB, takeOver: true })) as LeaseWireAnswer, false);
  }, [path, apply]);
  return { view, takeOver };
}

import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { Me, Permission } from '../core/admin/contract.ts';
import { useNavigate, type NavigateFunction } from 'react-router-dom';
import { get, post, whenSignedOut } from './api.ts';
import { openStudio, type StudioFailedState } from './studio.ts';
import { words } from './words.ts';

/**
 * The screens of the back office and the permission each asks, as the server's routes behind it do. Who has which
 * is the server's to say (server/admin/permissions.ts): /api/me hands the signed-in person theirs, and the menu and
 * the screens follow it.
 */
export const SCREENS = [
  { path: '/leads', label: words.screens.leads, permission: 'leads' },
  { path: '/mensen', label: words.screens.people, permission: 'people' },
  { path: '/logboek', label: words.screens.audit, permission: 'audit' },
  { path: '/systeem', label: words.screens.system, permission: 'system' },
  { path: '/account', label: words.screens.account, permission: 'signed-in' },
] as const satisfies readonly { path: string; label: string; permission: Permission }[];

/** The screens these permissions open, in the menu's order. */
export const screensFor = (permissions: readonly Permission[]) => SCREENS.filter((s) => permissions.includes(s.permission));

export const mayOpen = (permissions: readonly Permission[], path: string) => screensFor(permissions).some((s) => s.path === path);

/** The first screen a person lands on after signing in. */
export const homeOf = (permissions: readonly Permission[]) => screensFor(permissions)[0]?.path ?? '/account';

/**
 * Where a fresh sign-in takes the person (issue 50: each role lands on its work): back where they were sent from, else
 * their first work screen; one whose permissions open no work screen but who has the studio (an editor) goes
 * straight into the studio, and lands on the account screen, told so, when it does not open. Only a sign-in lands in
 * the studio: the back office opened later ('/', the studio's way back) shows its own screens, so there is no loop.
 */
export async function landAfterSignIn(navigate: NavigateFunction, who: Pick<Me, 'permissions'>, options: { back?: string; state?: object } = {}) {
  const { back, state } = options;
  const home = homeOf(who.permissions);
  if (back && back !== '/') return void navigate(back, { replace: true, state });
  if (home === '/account') {
    // /me says whether the studio is served here (the sign-in's answer does not)
    const studio = await get('/me').then(
      (full) => full.studio === true,
      () => false,
    );
    if (studio)
      try {
        return await openStudio();
      } catch {
        const failed: StudioFailedState = { studioFailed: true };
        return void navigate(home, { replace: true, state: { ...state, ...failed } });
      }
  }
  void navigate(home, { replace: true, state });
}

interface Session {
  /** undefined while asking the server; null: signed out */
  me: Me | null | undefined;
  setMe: (me: Me | null) => void;
  signOut: () => Promise<void>;
  /** signed out by "Afmelden" (not by a session that ran out): the sign-in says so, and offers no way back */
  signedOut: boolean;
  /** The session ran out under a screen: the screen stays, with what was typed, and a sign-in dialog goes over it. */
  expired: boolean;
  /** Signed in again in that dialog: the requests that waited are sent (the same person), or the screen starts anew (another). */
  resume: (who: Me) => void;
  /** The dialog closed without signing in: the requests that waited fail as signed out, and the screen keeps what was typed. */
  notNow: () => void;
}

const SessionContext = createContext<Session>({
  me: undefined,
  setMe: () => {},
  signOut: async () => {},
  signedOut: false,
  expired: false,
  resume: () => {},
  notNow: () => {},
});

export function SessionProvider({ children }: { children: ReactNode }) {
  const [me, setMe] = useState<Me | null | undefined>(undefined);
  const [expired, setExpired] = useState(false);
  const [signedOut, setSignedOut] = useState(false);
  const current = useRef(me);
  useEffect(() => {
    current.current = me;
  }, [me]);
  const waiting = useRef<((again: boolean) => void)[]>([]);
  useEffect(() => {
    // signed in, a request refused as signed out waits for the dialog; not signed in (the first /me), it fails at once
    whenSignedOut(() => {
      if (!current.current) return Promise.resolve(false);
      setExpired(true);
      return new Promise<boolean>((answer) => waiting.current.push(answer));
    });
    get('/me').then(setMe, () => setMe(null));
  }, []);
  const settle = useCallback((again: boolean) => {
    const answers = waiting.current;
    waiting.current = [];
    setExpired(false);
    for (const answer of answers) answer(again);
  }, []);
  const navigate = useNavigate();
  const signOut = useCallback(async () => {
    await post('/sign-out').catch(() => undefined);
    // the frame then goes to the sign-in itself, saying so, not "back to where you were": the person chose to leave
    setSignedOut(true);
    setMe(null);
  }, []);
  // a sign-in's answer says who; /me says it whole (whether the studio is here for them, too)
  const signedIn = useCallback((who: Me | null) => {
    setSignedOut(false);
    setMe(who);
    if (who) get('/me').then(setMe, () => undefined);
  }, []);
  const resume = useCallback(
    (who: Me) => {
      const same = current.current?.email === who.email;
      signedIn(who);
      // what waited was typed by the person before: another person's session never sends it
      if (same) settle(true);
      else {
        settle(false);
        // another person: a fresh sign-in, which lands where theirs does
        void landAfterSignIn(navigate, who);
      }
    },
    [signedIn, settle, navigate],
  );
  const notNow = useCallback(() => settle(false), [settle]);
  const value = useMemo(
    () => ({ me, setMe: signedIn, signOut, signedOut, expired, resume, notNow }),
    [me, signedIn, signOut, signedOut, expired, resume, notNow],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export const useSession = () => useContext(SessionContext);

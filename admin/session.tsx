import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { Me, Permission } from '../core/admin/contract.ts';
import { useNavigate } from 'react-router-dom';
import { get, post, whenSignedOut } from './api.ts';
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

interface Session {
  /** undefined while asking the server; null: signed out */
  me: Me | null | undefined;
  setMe: (me: Me | null) => void;
  signOut: () => Promise<void>;
}

const SessionContext = createContext<Session>({ me: undefined, setMe: () => {}, signOut: async () => {} });

export function SessionProvider({ children }: { children: ReactNode }) {
  const [me, setMe] = useState<Me | null | undefined>(undefined);
  useEffect(() => {
    whenSignedOut(() => setMe(null));
    get('/me').then(setMe, () => setMe(null));
  }, []);
  const navigate = useNavigate();
  const signOut = useCallback(async () => {
    await post('/sign-out').catch(() => undefined);
    // to the sign-in itself, not "back to where you were": the person chose to leave
    void navigate('/aanmelden', { replace: true });
    setMe(null);
  }, [navigate]);
  // a sign-in's answer says who; /me says it whole (whether the studio is here for them, too)
  const signedIn = useCallback((who: Me | null) => {
    setMe(who);
    if (who) get('/me').then(setMe, () => undefined);
  }, []);
  const value = useMemo(() => ({ me, setMe: signedIn, signOut }), [me, signedIn, signOut]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export const useSession = () => useContext(SessionContext);

import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { Me, StaffRole } from '../core/admin/contract.ts';
import { useNavigate } from 'react-router-dom';
import { get, post, whenSignedOut } from './api.ts';
import { words } from './words.ts';

/** The screens of the back office and who may open them (the server checks again: server/admin/permissions.ts). */
export const SCREENS = [
  { path: '/leads', label: words.screens.leads, roles: ['admin', 'sales'] },
  { path: '/mensen', label: words.screens.people, roles: ['admin'] },
  { path: '/logboek', label: words.screens.audit, roles: ['admin'] },
  { path: '/account', label: words.screens.account, roles: ['admin', 'editor', 'sales'] },
] as const satisfies readonly { path: string; label: string; roles: readonly StaffRole[] }[];

export const mayOpen = (role: StaffRole, path: string) => SCREENS.some((s) => s.path === path && (s.roles as readonly StaffRole[]).includes(role));

/** The first screen a role lands on after signing in. */
export const homeOf = (role: StaffRole) => SCREENS.find((s) => (s.roles as readonly StaffRole[]).includes(role))?.path ?? '/account';

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
    get<Me>('/me').then(setMe, () => setMe(null));
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
    if (who) get<Me>('/me').then(setMe, () => undefined);
  }, []);
  const value = useMemo(() => ({ me, setMe: signedIn, signOut }), [me, signedIn, signOut]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export const useSession = () => useContext(SessionContext);

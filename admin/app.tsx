import type { ReactNode } from 'react';
import { Link, Navigate, Route, Routes } from 'react-router-dom';
import { PublicLayout, SignedInLayout } from './layout.tsx';
import { homeOf, mayOpen, SCREENS, SessionProvider, useSession } from './session.tsx';
import { StepUpProvider } from './step-up.tsx';
import { PageHeading } from './ui.tsx';
import { SignIn } from './sign-in.tsx';
import { Invitation } from './invitation.tsx';
import { Account } from './account.tsx';
import { People } from './people.tsx';
import { AuditLog } from './audit-log.tsx';
import { System } from './system.tsx';
import { Leads } from './leads.tsx';
import { LeadPage } from './lead.tsx';
import { words } from './words.ts';
import { INVITATION_PATH } from '../core/admin/contract.ts';

/** A screen only some roles may open; the others are told so, in words. */
function ForRole({ path, children }: { path: string; children: ReactNode }) {
  const { me } = useSession();
  if (me && !mayOpen(me.permissions, path))
    return (
      <>
        <PageHeading title={words.app.notForRole}>{words.app.notForRole}</PageHeading>
        <p>{words.app.notForRoleText}</p>
        <WayOn />
      </>
    );
  return children;
}

function Home() {
  const { me } = useSession();
  return <Navigate to={me ? homeOf(me.permissions) : '/aanmelden'} replace />;
}

function NotFound() {
  return (
    <>
      <PageHeading title={words.app.notFoundTitle}>{words.app.notFound}</PageHeading>
      <p>{words.app.notFoundText}</p>
      <WayOn />
    </>
  );
}

/** A way on from a page that is not there or not for this role: the person's first screen. */
function WayOn() {
  const { me } = useSession();
  if (!me) return null;
  const home = homeOf(me.permissions);
  const label = SCREENS.find((s) => s.path === home)?.label ?? home;
  return (
    <p>
      <Link className="button" to={home}>
        {words.app.toScreen(label)}
      </Link>
    </p>
  );
}

export function App() {
  return (
    <SessionProvider>
      <StepUpProvider>
        <Routes>
          <Route element={<PublicLayout />}>
            <Route path="/aanmelden" element={<SignIn />} />
            <Route path={`${INVITATION_PATH}:token`} element={<Invitation />} />
          </Route>
          <Route element={<SignedInLayout />}>
            <Route index element={<Home />} />
            <Route path="/leads" element={<ForRole path="/leads" children={<Leads />} />} />
            <Route path="/leads/:id" element={<ForRole path="/leads" children={<LeadPage />} />} />
            <Route path="/account" element={<Account />} />
            <Route path="/mensen" element={<ForRole path="/mensen" children={<People />} />} />
            <Route path="/logboek" element={<ForRole path="/logboek" children={<AuditLog />} />} />
            <Route path="/systeem" element={<ForRole path="/systeem" children={<System />} />} />
            <Route path="*" element={<NotFound />} />
          </Route>
        </Routes>
      </StepUpProvider>
    </SessionProvider>
  );
}

import { useState } from 'react';
import { NavLink, Navigate, Outlet, useLocation } from 'react-router-dom';
import { ROLE_NAMES } from './texts.ts';
import { screensFor, useSession } from './session.tsx';
import { SignInForm } from './sign-in.tsx';
import { siteLogo, siteName } from './site-name.ts';
import { openStudio, type StudioFailedState } from './studio.ts';
import { Dialog } from './ui.tsx';
import styles from './layout.module.css';
import { words } from './words.ts';

/** The frame of every screen behind the sign-in: the header with the screens the role may open, and sign-out. */
export function SignedInLayout() {
  const { me, signOut, signedOut } = useSession();
  const location = useLocation();
  if (me === undefined) return <p className={styles.loading}>{words.layout.loading}</p>;
  if (me === null) {
    if (signedOut) return <Navigate to="/aanmelden" state={{ signedOut: true }} replace />;
    const back = `${location.pathname}${location.search}`;
    return <Navigate to={`/aanmelden?terug=${encodeURIComponent(back)}`} replace />;
  }
  const screens = screensFor(me.permissions);
  return (
    <>
      <a className={styles.skip} href="#inhoud">
        {words.layout.skip}
      </a>
      <header className={styles.header}>
        <div className={styles.bar}>
          <Brand className={styles.brand} />
          <nav aria-label={words.layout.nav} className={styles.nav}>
            <ul>
              {screens.map((s) => (
                <li key={s.path}>
                  <NavLink to={s.path} className={({ isActive }) => (isActive ? `${styles.link} ${styles.active}` : styles.link)}>
                    {s.label}
                  </NavLink>
                </li>
              ))}
              {me.studio && <StudioLink />}
            </ul>
          </nav>
          <div className={styles.who}>
            <span className={styles.email} title={me.email}>
              {me.email} <span className={styles.role}>({ROLE_NAMES[me.role]})</span>
            </span>
            <button type="button" className="button button-secondary button-small" onClick={() => void signOut()}>
              {words.signOut}
            </button>
          </div>
        </div>
      </header>
      <main id="inhoud" className={styles.main}>
        <Outlet />
      </main>
      <SignInAgain />
    </>
  );
}

/**
 * When the session ran out under a screen: a sign-in over it, the screen and what was typed in it kept; once signed
 * in, what was being sent goes (api.ts sends it again).
 */
function SignInAgain() {
  const { me, expired, resume, notNow } = useSession();
  return (
    <Dialog open={expired} title={words.signInAgain.title} onClose={notNow}>
      <p>{words.signInAgain.text}</p>
      <SignInForm
        email={me?.email}
        onSignedIn={(answer) => resume({ email: answer.email, role: answer.role, permissions: answer.permissions, freshUntil: answer.freshUntil })}
      />
      <p className="actions">
        <button type="button" className="button button-secondary" onClick={notNow}>
          {words.signInAgain.notNow}
        </button>
      </p>
    </Dialog>
  );
}

/**
 * The studio, on an origin of its own (studio.ts). A link in look, a button in kind: it asks the server first. Also
 * says so when a sign-in meant to go straight into the studio landed here instead.
 */
function StudioLink() {
  const landed = useLocation().state as StudioFailedState | null;
  const [failed, setFailed] = useState(landed?.studioFailed === true);
  const open = async () => {
    setFailed(false);
    try {
      await openStudio();
    } catch {
      setFailed(true);
    }
  };
  return (
    <li>
      <button type="button" className={`${styles.link} ${styles.linkButton}`} onClick={() => void open()}>
        {words.screens.studio}
      </button>
      {failed && (
        <span role="alert" className={styles.studioFailed}>
          {words.layout.studioFailed}
        </span>
      )}
    </li>
  );
}

/**
 * Whose back office this is: the site's logo beside its name above "Backoffice", or "Backoffice" alone on a build
 * that names no site. The logo adds nothing the name does not say (alt=""), and goes when it cannot be loaded.
 */
function Brand({ className }: { className: string | undefined }) {
  const [logoFailed, setLogoFailed] = useState(false);
  return (
    <p className={className}>
      {siteLogo && !logoFailed ? <img className={styles.logo} src={siteLogo} alt="" onError={() => setLogoFailed(true)} /> : null}
      <span className={styles.brandText}>
        {siteName ? <span className={styles.siteName}>{siteName}</span> : null}
        <span>{words.backoffice}</span>
      </span>
    </p>
  );
}

/** The frame of the screens before sign-in: a calm card in the middle. */
export function PublicLayout() {
  return (
    <main className={styles.public}>
      <Brand className={styles.publicBrand} />
      <div className={`card ${styles.publicCard}`}>
        <Outlet />
      </div>
    </main>
  );
}

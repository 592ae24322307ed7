import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useSite } from '../renderer/site-context.tsx';
import { SmartLink } from '../ui/smart-link.tsx';
import { ButtonLink } from '../ui/button-link.tsx';
import { Icon } from '../ui/icons.tsx';
import styles from './header.module.css';

export function Header() {
  const { site } = useSite();
  const { navigation, brand } = site;
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();

  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      toggleRef.current?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);

  const close = () => setOpen(false);
  return (
    <header className={styles.header}>
      <div className={`container ${styles.bar}`}>
        <Link to="/" className={styles.brand} aria-label={navigation.labels.home}>
          <span className={styles.logo} aria-hidden="true">
            {(brand.shortName ?? brand.name).charAt(0)}
          </span>
          <span>{brand.name}</span>
        </Link>
        <nav className={styles.desktopNav} aria-label={navigation.labels.mainNav}>
          <ul>
            {navigation.links.map((l) => (
              <li key={l.to}>
                <SmartLink to={l.to} nav className={styles.navLink}>
                  {l.label}
                </SmartLink>
              </li>
            ))}
          </ul>
          <div className={styles.ctas}>
            {navigation.ctas.map((b) => (
              <ButtonLink key={b.to} button={b} size="sm" />
            ))}
          </div>
        </nav>
        <button
          ref={toggleRef}
          type="button"
          className={styles.toggle}
          aria-expanded={open}
          aria-controls={menuId}
          aria-label={open ? navigation.labels.closeMenu : navigation.labels.openMenu}
          onClick={() => setOpen((o) => !o)}
        >
          <Icon name={open ? 'close' : 'menu'} size={24} />
        </button>
      </div>
      <nav id={menuId} className={styles.mobileNav} data-open={open} aria-label={navigation.labels.mainNav} hidden={!open}>
        <ul className="container">
          {navigation.links.map((l) => (
            <li key={l.to}>
              <SmartLink to={l.to} nav className={styles.mobileLink} onClick={close}>
                {l.label}
              </SmartLink>
            </li>
          ))}
          <li className={styles.mobileCtas}>
            {navigation.ctas.map((b) => (
              <ButtonLink key={b.to} button={b} onClick={close} />
            ))}
          </li>
        </ul>
      </nav>
    </header>
  );
}

import { useEffect, useId, useRef } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useSite } from '../site/site-context.tsx';
import { SmartLink } from '../ui/smart-link.tsx';
import { ButtonLink } from '../ui/button-link.tsx';
import { Icon } from '../ui/icons.tsx';
import styles from './header.module.css';

/**
 * The mobile menu is a `popover` opened by its toggle's `popovertarget`: the browser opens and
 * closes it, closes it on Escape or a tap outside, and gives focus back to the toggle, without
 * JavaScript. The toggle's icon and name follow the popover in CSS, and Chromium derives the
 * toggle's expanded state from it. The prerendered header ships no script; the effects below run
 * only in the dev server's client-side app, where a navigation, unlike a page load, would leave
 * the popover open.
 */
export function Header() {
  const { site } = useSite();
  const { navigation, brand } = site;
  const menuId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLElement>(null);
  const { pathname } = useLocation();

  useEffect(() => {
    const menu = menuRef.current;
    const toggle = toggleRef.current;
    // without popover support (jsdom) there is nothing to mirror
    if (!menu || !toggle || typeof menu.togglePopover !== 'function') return;
    // Chromium derives the invoker's expanded state from the popover, which covers the HTML
    // before hydration; once script runs the attribute says the same for every other reader
    const sync = () => toggle.setAttribute('aria-expanded', String(menu.matches(':popover-open')));
    sync();
    menu.addEventListener('toggle', sync);
    return () => menu.removeEventListener('toggle', sync);
  }, []);

  const close = () => menuRef.current?.hidePopover?.();
  // also covers back and forward while the menu is open
  useEffect(close, [pathname]);

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
        {/* the name is text, not aria-label, so CSS can switch it with the popover before any script runs */}
        <button ref={toggleRef} type="button" className={styles.toggle} popoverTarget={menuId} aria-controls={menuId}>
          <Icon name="menu" size={24} className={styles.whenClosed} />
          <Icon name="close" size={24} className={styles.whenOpen} />
          <span className={`visually-hidden ${styles.whenClosed}`}>{navigation.labels.openMenu}</span>
          <span className={`visually-hidden ${styles.whenOpen}`}>{navigation.labels.closeMenu}</span>
        </button>
      </div>
      <nav ref={menuRef} id={menuId} popover="auto" className={styles.mobileNav} aria-label={navigation.labels.mainNav}>
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

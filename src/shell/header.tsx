import { useId } from 'react';
import { useSite } from '../site/site-context.tsx';
import { SmartLink } from '../ui/smart-link.tsx';
import { ButtonLink } from '../ui/button-link.tsx';
import { Icon } from '../ui/icons.tsx';
import styles from './header.module.css';

/**
 * The mobile menu is a `popover` opened by its toggle's `popovertarget`: the browser opens and
 * closes it, closes it on Escape or a tap outside, and gives focus back to the toggle, without
 * JavaScript. The toggle's icon and name follow the popover in CSS, and Chromium derives the
 * toggle's expanded state from it. The header ships no script.
 */
export function Header() {
  const { site } = useSite();
  const { navigation, brand } = site;
  const menuId = useId();

  return (
    <header className={styles.header}>
      <div className={`container ${styles.bar}`}>
        <a href="/" className={styles.brand} aria-label={navigation.labels.home}>
          <span className={styles.logo} aria-hidden="true">
            {(brand.shortName ?? brand.name).charAt(0)}
          </span>
          <span>{brand.name}</span>
        </a>
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
        <button type="button" className={styles.toggle} popoverTarget={menuId} aria-controls={menuId}>
          <Icon name="menu" size={24} className={styles.whenClosed} />
          <Icon name="close" size={24} className={styles.whenOpen} />
          <span className={`visually-hidden ${styles.whenClosed}`}>{navigation.labels.openMenu}</span>
          <span className={`visually-hidden ${styles.whenOpen}`}>{navigation.labels.closeMenu}</span>
        </button>
      </div>
      <nav id={menuId} popover="auto" className={styles.mobileNav} aria-label={navigation.labels.mainNav}>
        <ul className="container">
          {navigation.links.map((l) => (
            <li key={l.to}>
              <SmartLink to={l.to} nav className={styles.mobileLink}>
                {l.label}
              </SmartLink>
            </li>
          ))}
          <li className={styles.mobileCtas}>
            {navigation.ctas.map((b) => (
              <ButtonLink key={b.to} button={b} />
            ))}
          </li>
        </ul>
      </nav>
    </header>
  );
}

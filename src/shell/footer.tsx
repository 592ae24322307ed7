import { useSite } from '../site/site-context.tsx';
import { SmartLink } from '../ui/smart-link.tsx';
import { ButtonLink } from '../ui/button-link.tsx';
import { Icon } from '../ui/icons.tsx';
import { whatsappUrl } from '../../core/site/whatsapp.ts';
import type { SiteConfig } from '../../core/site/schema-types.ts';
import { CONSENT_OPEN_ATTR } from '../consent/open-attr.ts';
import { settingsLabel } from '../consent/texts.ts';
import styles from './footer.module.css';

/** The site's footer: about and quote button, navigation, contact, social profiles, copyright and legal links. */
export function Footer() {
  const { site } = useSite();
  const { footer, contact, brand } = site;
  return (
    <footer className={styles.footer}>
      <div className={`container ${styles.grid}`}>
        <div className={styles.about}>
          <p className={styles.brand}>{brand.name}</p>
          <p>{footer.about}</p>
          <ButtonLink button={footer.cta} />
        </div>
        <nav aria-label={footer.headings.navigation}>
          <h2 className={styles.heading}>{footer.headings.navigation}</h2>
          <ul className={styles.list}>
            {footer.links.map((l) => (
              <li key={l.to}>
                <SmartLink to={l.to}>{l.label}</SmartLink>
              </li>
            ))}
          </ul>
        </nav>
        <FooterContact footer={footer} contact={contact} />
        <FooterSocial footer={footer} />
      </div>
      <div className={`container ${styles.bottom}`}>
        <p>{footer.copyright}</p>
        <FooterLegal footer={footer} consent={site.integrations.tags?.length ? settingsLabel(site.lang) : undefined} />
      </div>
    </footer>
  );
}

/** Phone, e-mail and WhatsApp (in a new tab), with the opening hours. */
function FooterContact({ footer, contact }: Pick<SiteConfig, 'footer' | 'contact'>) {
  const whatsapp = whatsappUrl(contact.whatsapp, contact.whatsappText);
  return (
    <div>
      <h2 className={styles.heading}>{footer.headings.contact}</h2>
      <ul className={styles.list}>
        <li>
          <a href={contact.phoneHref} className={styles.contactLink}>
            <Icon name="phone" size={18} /> {contact.phone}
          </a>
        </li>
        <li>
          <a href={`mailto:${contact.email}`} className={styles.contactLink}>
            <Icon name="mail" size={18} /> {contact.email}
          </a>
        </li>
        <li>
          <a href={whatsapp} target="_blank" rel="noopener noreferrer" className={styles.contactLink}>
            <Icon name="whatsapp" size={18} /> {footer.whatsappLabel}
            <span className="visually-hidden"> {footer.newTabHint}</span>
          </a>
        </li>
        {contact.hours ? <li className={styles.muted}>{contact.hours}</li> : null}
      </ul>
    </div>
  );
}

/** The social profiles, each an icon link named by its network and the new-tab hint. */
function FooterSocial({ footer }: Pick<SiteConfig, 'footer'>) {
  return (
    <div>
      <h2 className={styles.heading}>{footer.headings.social}</h2>
      <ul className={styles.social}>
        {footer.social.map((s) => (
          <li key={s.href}>
            <a href={s.href} target="_blank" rel="noopener noreferrer" aria-label={`${s.label} ${footer.newTabHint}`} className={styles.socialLink}>
              <Icon name={s.network} size={20} />
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The legal links, and on a site with tags the button that opens the consent banner again (the banner's island listens for it). */
function FooterLegal({ footer, consent }: Pick<SiteConfig, 'footer'> & { consent?: string }) {
  if (!footer.legalLinks?.length && !consent) return null;
  return (
    <ul className={styles.legal}>
      {footer.legalLinks?.map((l) => (
        <li key={l.to}>
          <SmartLink to={l.to}>{l.label}</SmartLink>
        </li>
      ))}
      {consent ? (
        <li>
          <button type="button" className={styles.consentLink} {...{ [CONSENT_OPEN_ATTR]: '' }}>
            {consent}
          </button>
        </li>
      ) : null}
    </ul>
  );
}

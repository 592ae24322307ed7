import { useId } from 'react';
import type { Office } from '../../core/seo/structured-data.ts';
import styles from './landing.module.css';

/**
 * The site's office in this town, shown on the page its LocalBusiness describes: the same Office object the JSON-LD's
 * address is made from, so a visitor reads what a search engine reads.
 */
export function OfficeAddress({ heading, office }: { heading: string; office: Office }) {
  const id = useId();
  return (
    <section className={`section ${styles.office}`} aria-labelledby={id} data-testid="office">
      <div className="container">
        <h2 id={id}>{heading}</h2>
        <address className={styles.address}>
          <span className={styles.officeName}>{office.name}</span>
          <span>{office.streetAddress}</span>
          <span>
            {office.postalCode} {office.locality}
          </span>
          <span className={styles.officeContacts}>
            <a href={`tel:${office.telephone}`}>{office.phone}</a>
            <a href={`mailto:${office.email}`}>{office.email}</a>
          </span>
        </address>
      </div>
    </section>
  );
}

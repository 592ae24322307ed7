import type { LeadSource as Source } from '../core/forms/lead-source.ts';
import styles from './lead.module.css';
import { words } from './words.ts';

/**
 * Where the lead's visitor came from (issue 51), as a card of the lead's page: the campaign, its medium and source,
 * the search term and the ad's variant, the other site that linked to the visit, and whether it began with a click on
 * a Google or Meta ad (in words: the click's id itself means nothing to staff). Nothing when the lead says nothing of it.
 */
export function LeadSource({ source }: { source: Source | null | undefined }) {
  const w = words.source;
  const clicks = [source?.gclid ? w.gclid : '', source?.fbclid ? w.fbclid : ''].filter(Boolean).join(', ');
  const rows: [string, string | undefined][] = [
    [w.campaign, source?.utm_campaign],
    [w.medium, source?.utm_medium],
    [w.source, source?.utm_source],
    [w.term, source?.utm_term],
    [w.content, source?.utm_content],
    [w.referrer, source?.referrer],
    [w.click, clicks],
  ];
  const shown = rows.filter((row): row is [string, string] => !!row[1]);
  if (shown.length === 0) return null;
  return (
    <section aria-labelledby="herkomst" className="card">
      <h2 id="herkomst" className={styles.h2}>
        {w.title}
      </h2>
      <dl className={styles.fields}>
        {shown.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

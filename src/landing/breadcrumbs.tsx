import type { MatrixLink } from '../../core/site/landing-links.ts';
import styles from './landing.module.css';

/** The trail to this page; the last item is the page itself. The BreadcrumbList in its head is built from the same list. */
export function Breadcrumbs({ label, crumbs }: { label: string; crumbs: MatrixLink[] }) {
  return (
    <nav aria-label={label} className={styles.breadcrumbs} data-testid="breadcrumbs">
      <div className="container">
        <ol>
          {crumbs.map((c, i) => (
            <li key={c.path}>{i === crumbs.length - 1 ? <span aria-current="page">{c.name}</span> : <a href={c.path}>{c.name}</a>}</li>
          ))}
        </ol>
      </div>
    </nav>
  );
}

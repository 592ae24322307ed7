import type { ReactNode } from 'react';
import { Icon } from './icons.tsx';

interface ExternalLinkProps {
  href: string;
  className?: string;
  /** read after the visible text by screen readers, e.g. the project's name */
  detail?: string;
  /** e.g. "opent in een nieuw tabblad", from content */
  newTabHint?: string;
  tabIndex?: number;
  children: ReactNode;
}

/** A link to another site: new tab, no opener, an icon, and the new tab announced to screen readers. */
export function ExternalLink({ href, className, detail, newTabHint, tabIndex, children }: ExternalLinkProps) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={className} tabIndex={tabIndex}>
      {children}
      <span className="visually-hidden">
        {detail ? `: ${detail}` : ''}
        {newTabHint ? ` (${newTabHint})` : ''}
      </span>
      <Icon name="external" size={16} />
    </a>
  );
}

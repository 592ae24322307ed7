import type { ReactNode } from 'react';
import { samePath, useCurrentPath } from './current-path.ts';

export const isInternal = (to: string) => to.startsWith('/');

interface SmartLinkProps {
  to: string;
  className?: string;
  children: ReactNode;
  ariaLabel?: string;
  /** a link of the site's navigation: it is marked as the current page on that page */
  nav?: boolean;
  onClick?: () => void;
}

/**
 * A plain link: internal paths load the next page (its HTML is ready on the server), other sites open in a new
 * tab, tel: and mailto: stay as they are.
 */
export function SmartLink({ to, className, children, ariaLabel, nav, onClick }: SmartLinkProps) {
  const current = useCurrentPath();
  const external = /^https?:/.test(to);
  const here = nav && isInternal(to) && current !== null && samePath(current, to);
  return (
    <a
      href={to}
      className={className}
      aria-label={ariaLabel}
      aria-current={here ? 'page' : undefined}
      onClick={onClick}
      {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
    >
      {children}
    </a>
  );
}

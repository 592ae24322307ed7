import { useContext, type ReactNode } from 'react';
import { useRouterLinks } from './router-links.ts';
import { LinkIntentContext } from './link-intent.ts';

export const isInternal = (to: string) => to.startsWith('/');

interface SmartLinkProps {
  to: string;
  className?: string;
  children: ReactNode;
  ariaLabel?: string;
  nav?: boolean;
  onClick?: () => void;
}

/**
 * Internal paths use the router where there is one (the prerender, the dev server); inside an island there is
 * none, and a plain link loads the next prerendered page. Other sites open in a new tab; tel: and mailto: stay plain.
 */
export function SmartLink({ to, className, children, ariaLabel, nav, onClick }: SmartLinkProps) {
  const onIntent = useContext(LinkIntentContext);
  const router = useRouterLinks();
  if (isInternal(to) && router) {
    const Tag = nav ? router.NavLink : router.Link;
    const prefetch = () => onIntent(to);
    return (
      <Tag
        to={to}
        className={className}
        aria-label={ariaLabel}
        onClick={onClick}
        end={nav ? true : undefined}
        onMouseEnter={prefetch}
        onFocus={prefetch}
        onTouchStart={prefetch}
      >
        {children}
      </Tag>
    );
  }
  const external = /^https?:/.test(to);
  return (
    <a href={to} className={className} aria-label={ariaLabel} onClick={onClick} {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
      {children}
    </a>
  );
}

import { useContext, type ReactNode } from 'react';
import { Link, NavLink } from 'react-router-dom';
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

/** Internal paths use the router; other sites open in a new tab; tel: and mailto: stay plain links. */
export function SmartLink({ to, className, children, ariaLabel, nav, onClick }: SmartLinkProps) {
  const onIntent = useContext(LinkIntentContext);
  if (isInternal(to)) {
    const Tag = nav ? NavLink : Link;
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

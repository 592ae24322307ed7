import { createContext, useContext, type ComponentType, type ReactNode } from 'react';

export interface RouterLinkProps {
  to: string;
  className?: string;
  'aria-label'?: string;
  onClick?: () => void;
  onMouseEnter?: () => void;
  onFocus?: () => void;
  onTouchStart?: () => void;
  end?: boolean;
  children: ReactNode;
}

/**
 * The router's link components, where a router renders the page (the prerender, the dev server). An island
 * has no router and no need of one: its links are plain links to the next prerendered page, so islands never
 * download the router.
 */
export const RouterLinksContext = createContext<{ Link: ComponentType<RouterLinkProps>; NavLink: ComponentType<RouterLinkProps> } | null>(null);

export const useRouterLinks = () => useContext(RouterLinksContext);

import { hydrateRoot } from 'react-dom/client';
import clientSite from 'virtual:site-client';
import type { SiteModel } from '../core/site/model.ts';
import { IslandRoot } from './islands/island-root.tsx';
import { islandPrefix, loadIsland, type IslandProps } from './islands/islands.ts';
import { ISLAND_ATTR } from '../core/islands/attributes.ts';
// every stylesheet of the site, gathered into the one CSS file that each prerendered page links
import './styles/global.css';
import 'virtual:site-theme.css';

const site = clientSite as SiteModel;

/**
 * Never called. It puts the whole app (shell, every block) into the client build's module graph so that
 * their CSS is in the client build's stylesheets, which every prerendered page links (clientAssets in
 * scripts/build/prerender.ts); the chunk it names is never fetched.
 */
export const everyStylesheet = () => import('./site-page.tsx');

/**
 * The islands' runtime: loaded by the inline bootstrap only when an island's directive fires.
 * It hydrates that island alone: the rest of the page stays the HTML it was.
 */
const started = new WeakSet<HTMLElement>();

export async function hydrate(element: HTMLElement): Promise<void> {
  if (started.has(element)) return;
  started.add(element);
  const name = element.getAttribute(ISLAND_ATTR.name) ?? '';
  const props = JSON.parse(element.getAttribute(ISLAND_ATTR.props) ?? '{}') as IslandProps;
  const id = Number(element.getAttribute(ISLAND_ATTR.id));
  const component = await loadIsland(name);
  // from here React's own listeners take the island's events (the bootstrap holds back a submit until then)
  element.setAttribute(ISLAND_ATTR.hydrating, '');
  hydrateRoot(
    element,
    <IslandRoot name={name} site={site} props={props} component={component} onMount={() => element.setAttribute(ISLAND_ATTR.hydrated, 'true')} />,
    { identifierPrefix: islandPrefix(id) },
  );
}

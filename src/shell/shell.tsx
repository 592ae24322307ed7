import type { CSSProperties, ReactNode } from 'react';
import { useSite } from '../site/site-context.tsx';
import { Header } from './header.tsx';
import { Footer } from './footer.tsx';
import { Splash } from './splash.tsx';
import { IslandSlot, useIslandCollector } from '../islands/collector.tsx';
import { shellIslands } from '../islands/islands.ts';
import { chatTiming } from '../chat/chat-settings.ts';
import { ISLAND_ATTR } from '../../core/islands/attributes.ts';

const CHAT_KEY = {};

/** The chat: an island that hydrates on the first touch of it. */
function Chat() {
  const { site } = useSite();
  const collector = useIslandCollector();
  if (!collector) return null;
  const { hydrate, session } = shellIslands.chat;
  const interval = chatTiming(site.chat).notificationIntervalMs;
  // until the chat hydrates, the bootstrap's timer shows its prerendered badge when the first interval has passed
  const attributes = interval === null ? undefined : { [ISLAND_ATTR.badgeAfter]: String(interval) };
  return <IslandSlot id={collector.add(CHAT_KEY, { name: 'chat', hydrate, session, attributes, props: { data: { collections: {}, forms: {} } } })} />;
}

const CONSENT_KEY = {};

/** The consent banner: an island on a site with marketing or statistics tags, before the page in the reading order. */
function Consent() {
  const collector = useIslandCollector();
  if (!collector) return null;
  const { hydrate } = shellIslands.consent;
  return <IslandSlot id={collector.add(CONSENT_KEY, { name: 'consent', hydrate, props: { data: { collections: {}, forms: {} } } })} />;
}

/** Every page's frame. The splash is in the HTML; the inline splash script times it and takes it away. */
export function Shell({ children }: { children: ReactNode }) {
  const { site } = useSite();
  const fade = site.splash.enabled
    ? ({ '--page-fade': `${site.splash.pageFadeInMs}ms`, '--page-delay': `${site.splash.durationMs + site.splash.fadeOutMs}ms` } as CSSProperties)
    : undefined;
  return (
    <>
      <Splash cfg={site.splash} brand={site.brand.name} />
      {site.integrations.tags?.length ? <Consent /> : null}
      <div className={site.splash.enabled ? 'page page--fade' : 'page'} style={fade}>
        <a href="#main" className="skip-link">
          {site.navigation.labels.skipToContent}
        </a>
        <Header />
        <main id="main" tabIndex={-1}>
          {children}
        </main>
        <Footer />
      </div>
      {site.chat.enabled ? <Chat /> : null}
    </>
  );
}

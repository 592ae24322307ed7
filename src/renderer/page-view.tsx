import { use } from 'react';
import type { PageRoute } from '../../core/site/model.ts';
import { loadPage } from '../site/page-store.ts';
import { Head } from './head.tsx';
import { BlockList } from './block-list.tsx';
import { PageDataProvider } from '../site/site-context.tsx';

/** A page of the route table: its data arrives as its own chunk (already loaded before hydration). */
export function PageView({ route }: { route: PageRoute }) {
  const { page, collections, forms } = use(loadPage(route.pageId));
  return (
    <PageDataProvider data={{ collections, forms }}>
      <Head title={page.title} description={page.description} path={route.path} image={page.image} noindex={page.noindex} />
      <BlockList blocks={page.blocks} />
    </PageDataProvider>
  );
}

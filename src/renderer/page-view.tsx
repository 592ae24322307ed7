import type { PageRoute } from '../config/model.ts';
import { Head } from '../shell/head.tsx';
import { BlockList } from './block-list.tsx';

export function PageView({ route }: { route: PageRoute }) {
  const { page } = route;
  return (
    <>
      <Head title={page.title} description={page.description} path={route.path} image={page.image} noindex={page.noindex} />
      <BlockList blocks={page.blocks} />
    </>
  );
}

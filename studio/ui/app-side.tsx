import type { EditOp } from '../../core/edit/ops.ts';
import type { Problem } from './files/api.ts';
import { LandingPanel, ProblemsPanel } from './panels.tsx';
import { Preview, type TextPatch } from './preview/preview.tsx';
import { useSite } from './files/site-context.tsx';
import { CONFIG_FILE } from '../../core/site/layout.ts';

type Json = Record<string, unknown>;

interface SidePanelsProps {
  lang: string;
  config: Json | undefined;
  /** the route the previews show, the block they outline, and the text being typed */
  route: string;
  selected: number | undefined;
  select: (index: number) => void;
  patch: TextPatch | undefined;
  /** the open page's blocks, when the previews show that page: a move, copy or delete is shown by reordering them at once */
  blocks: readonly unknown[] | undefined;
  /** shows a landing page (a route with no page file of its own) in the previews */
  preview: (route: string) => void;
  where: (problem: Problem) => string;
  nameOf: (path: string) => string;
  show: (problem: Problem) => void;
  /**
   * new previews (fresh frames) each time it changes: a page an undo brought back opens in frames of its own, never
   * in one still reloading the page before it as its files are written
   */
  fresh?: number;
}

/** Beside the form: the previews, the site's problems, and its cities and landing addresses. */
export function SidePanels({ lang, config, route, selected, select, patch, blocks, preview, where, nameOf, show, fresh }: SidePanelsProps) {
  const site = useSite();
  const landing = config?.landing as Json | undefined;
  return (
    <aside className="side">
      <Preview key={fresh} lang={lang} route={route} patch={patch} blocks={blocks} revision={site.revision} selected={selected} onSelect={select} />
      <ProblemsPanel
        lang={lang}
        problems={site.problems}
        warnings={site.warnings}
        files={Object.values(site.files)}
        siteRoot={site.state?.siteRoot ?? ''}
        where={where}
        nameOf={nameOf}
        show={show}
      />
      <LandingPanel
        lang={lang}
        cities={(landing?.cities ?? []) as string[]}
        services={((landing?.services ?? []) as { slug: string }[]).map((service) => service.slug)}
        routes={site.routes}
        edit={(op: EditOp) => site.edit(CONFIG_FILE, op)}
        preview={preview}
      />
    </aside>
  );
}

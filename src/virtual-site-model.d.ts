declare module 'virtual:site-model' {
  /** The resolved site model; typed in src/site/site-model.ts. */
  const model: unknown;
  export default model;
}

declare module 'virtual:site-pages' {
  /** page id -> loader of that page's data (one chunk per page); typed in src/site/page-store.ts. */
  const loaders: Record<string, () => Promise<{ default: unknown }>>;
  export default loaders;
  /**
   * The version of the pages' data, where it changes without a new module (the dev server's renders: each edit of a
   * page is a new version); undefined in a build.
   */
  export const version: (() => unknown) | undefined;
}

declare module 'virtual:site-client' {
  /** The site-wide settings an island needs, without the route table or the city list; typed in src/entry-islands.tsx. */
  const site: unknown;
  export default site;
}

/** The minified text of an inline script of the pages, compiled from src/islands/inline/<name>.entry.ts (scripts/site-bundles/inline-scripts-plugin.ts). */
declare module 'virtual:inline-script/*' {
  const script: string;
  export default script;
}

/** The theme's custom properties as CSS (scripts/site-bundles/site-plugin.ts). */
declare module 'virtual:site-theme.css';

declare module 'virtual:site-model' {
  /** The resolved site model; typed in src/config/site-model.ts. */
  const model: unknown;
  export default model;
}

declare module 'virtual:site-pages' {
  /** page id -> loader of that page's data (one chunk per page); typed in src/config/page-store.ts. */
  const loaders: Record<string, () => Promise<{ default: unknown }>>;
  export default loaders;
}

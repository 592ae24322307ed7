declare module 'virtual:site-model' {
  /** The resolved site model; typed in src/config/site-model.ts. */
  const model: unknown;
  export default model;
}

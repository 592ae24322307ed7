import { createContext, useContext, type ReactNode } from 'react';
import type { CollectionData, FormData, PageData, SiteModel } from '../../core/site/model.ts';

const SiteContext = createContext<SiteModel | null>(null);
const PageDataContext = createContext<Omit<PageData, 'page'> | null>(null);

export function SiteProvider({ model, children }: { model: SiteModel; children: ReactNode }) {
  return <SiteContext.Provider value={model}>{children}</SiteContext.Provider>;
}

export function useSite(): SiteModel {
  const model = useContext(SiteContext);
  if (!model) throw new Error('useSite() needs a <SiteProvider> above it');
  return model;
}

/** The shared data (collections, forms) of the page being rendered. */
export function PageDataProvider({ data, children }: { data: Omit<PageData, 'page'>; children: ReactNode }) {
  return <PageDataContext.Provider value={data}>{children}</PageDataContext.Provider>;
}

/** The page data above, if any: islands take theirs from it at build time. */
export function usePageDataOrNull(): Omit<PageData, 'page'> | null {
  return useContext(PageDataContext);
}

function usePageData(): Omit<PageData, 'page'> {
  const data = useContext(PageDataContext);
  if (!data) throw new Error('collections and forms need a <PageDataProvider> above them');
  return data;
}

/** A collection by id; the validator guarantees it exists, has the right kind and is in this page's data. */
export function useCollection<T extends { kind: string; items: unknown[] } = CollectionData>(id: string): T {
  const found = usePageData().collections[id];
  if (!found) throw new Error(`collection "${id}" is not in this page's data`);
  return found as T;
}

export function useFormConfig<T extends FormData = FormData>(id: string): T {
  const found = usePageData().forms[id];
  if (!found) throw new Error(`form "${id}" is not in this page's data`);
  return found as T;
}

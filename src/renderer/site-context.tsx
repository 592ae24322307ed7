import { createContext, useContext, type ReactNode } from 'react';
import type { CollectionData, FormData, SiteModel } from '../config/model.ts';

const SiteContext = createContext<SiteModel | null>(null);

export function SiteProvider({ model, children }: { model: SiteModel; children: ReactNode }) {
  return <SiteContext.Provider value={model}>{children}</SiteContext.Provider>;
}

export function useSite(): SiteModel {
  const model = useContext(SiteContext);
  if (!model) throw new Error('useSite() needs a <SiteProvider> above it');
  return model;
}

/** A collection by id; the validator guarantees it exists and has the right kind. */
export function useCollection<T extends { kind: string; items: unknown[] } = CollectionData>(id: string): T {
  const found = useSite().collections[id];
  if (!found) throw new Error(`collection "${id}" is not in the site model`);
  return found as T;
}

export function useFormConfig<T extends FormData = FormData>(id: string): T {
  const found = useSite().forms[id];
  if (!found) throw new Error(`form "${id}" is not in the site model`);
  return found as T;
}

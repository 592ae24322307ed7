import type { Block, LandingService, Page, SiteConfig } from './schema-types.ts';

/** Collections and forms are typed by their own schemas; the engine only needs their ids here. */
export type CollectionData = { kind: string; items: unknown[] } & Record<string, unknown>;
export type FormData = Record<string, unknown>;

/** The validated files of a site, as read from disk. */
export interface LoadedSite {
  site: SiteConfig;
  pages: Record<string, Page>;
  collections: Record<string, CollectionData>;
  forms: Record<string, FormData>;
}

export interface PageRoute {
  path: string;
  page: Page;
}

export interface City {
  name: string;
  slug: string;
}

/** What the browser and the prerenderer get: resolved, no file references left. */
export interface SiteModel {
  site: Omit<SiteConfig, '$schema' | 'routes'>;
  routes: PageRoute[];
  collections: Record<string, CollectionData>;
  forms: Record<string, FormData>;
  cities: City[];
}

export interface LandingPage {
  path: string;
  city: string;
  citySlug: string;
  serviceName: string;
  service: LandingService;
  title: string;
  description: string;
  heading: string;
}

export type BlockOf<T extends Block['type']> = Extract<Block, { type: T }>;

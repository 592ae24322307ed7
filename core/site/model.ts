import type { Block, CityData, LandingService, Page, SiteConfig } from './schema-types.ts';

/** Collections and forms are typed by their own schemas; the engine only needs their ids here. */
export type CollectionData = { kind: string; items: unknown[] } & Record<string, unknown>;
export type FormData = Record<string, unknown>;

/** The validated files of a site, as read from disk. */
export interface LoadedSite {
  site: SiteConfig;
  pages: Record<string, Page>;
  collections: Record<string, CollectionData>;
  forms: Record<string, FormData>;
  /** per page id (and per collection as "collections/<id>"): the collections and forms its blocks reference (found by the validator's x-ref annotations) */
  references: Record<string, { collections: string[]; forms: string[] }>;
}

export interface PageRoute {
  path: string;
  pageId: string;
}

/** One page with exactly the shared data its blocks use: its own JavaScript chunk in the browser. */
export interface PageData {
  page: Page;
  collections: Record<string, CollectionData>;
  forms: Record<string, FormData>;
}

export interface City {
  name: string;
  slug: string;
  /** the city's own data for content landing pages (from the collection `landing.cityData` names) */
  data?: CityData;
}

/**
 * What every page of the browser gets: site-wide settings and the route table.
 * Page content comes per page (PageData), so one page never downloads the others.
 */
export interface SiteModel {
  site: Omit<SiteConfig, '$schema' | 'routes'>;
  routes: PageRoute[];
  cities: City[];
  /**
   * Per content landing template: the site files its pages are made of (the template, the city data, the collections
   * both show), for the sitemap's lastmod. Known from the files alone, so every build of the same files says the same.
   */
  landingSources?: Record<string, string[]>;
}

export interface LandingPage {
  /** redirect: forwards to the home page; content: a page of blocks from the template page `pageId` */
  kind: 'redirect' | 'content';
  pageId?: string;
  path: string;
  city: string;
  citySlug: string;
  serviceName: string;
  service: LandingService;
  title: string;
  description: string;
  heading: string;
}

/** An overview of the landing matrix: one service in every city, or every service in one city. */
export interface HubPage {
  kind: 'service-hub' | 'city-hub';
  path: string;
  /** the service's slug or the city's slug */
  slug: string;
}

export type BlockOf<T extends Block['type']> = Extract<Block, { type: T }>;

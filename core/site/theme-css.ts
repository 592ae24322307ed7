import type { SiteConfig } from './schema-types.ts';

const kebab = (s: string) => s.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** The theme as CSS custom properties on :root: the build puts them in the site's one stylesheet, the dev server in each page's head. */
export function themeCss(theme: SiteConfig['theme']): string {
  const vars = [
    ...Object.entries(theme.colors).map(([k, v]) => `--color-${kebab(k)}:${v}`),
    `--radius:${theme.radius}`,
    `--font-body:${theme.font}`,
    `--font-heading:${theme.headingFont ?? theme.font}`,
  ];
  return `:root{${vars.join(';')}}`;
}

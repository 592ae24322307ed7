/** Paths of pages: not Vite's own (/@vite/client, /@id/...), not source modules, not files (favicon.svg, images). */
export function isPagePath(pathname: string): boolean {
  if (/^\/(?:@|src\/|node_modules\/|__)/.test(pathname)) return false;
  return !/\.[a-z0-9]+$/i.test(pathname.slice(pathname.lastIndexOf('/') + 1));
}

/** "/diensten/" and "/diensten" are one page, as in the production server. */
export const cleanPath = (pathname: string) => decodeURIComponent(pathname).replace(/(.)\/+$/, '$1');

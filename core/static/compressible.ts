/**
 * The file types worth compressing: text. The build writes .br and .gz beside each such file and the server
 * answers them by Accept-Encoding (and varies on it); images, sounds and fonts are compressed already.
 */
export const COMPRESSIBLE_EXTENSIONS: readonly string[] = ['html', 'js', 'mjs', 'css', 'svg', 'json', 'map', 'webmanifest', 'xml', 'txt'];

const compressible = new Set(COMPRESSIBLE_EXTENSIONS);

/** The extension of a file name or URL path, lower case; '' without one (a dot in a folder name does not count). */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > name.lastIndexOf('/') ? name.slice(dot + 1).toLowerCase() : '';
}

export function isCompressible(name: string): boolean {
  return compressible.has(extensionOf(name));
}

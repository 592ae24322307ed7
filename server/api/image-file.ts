/** What a photo really is, by its first bytes (the name and the browser's type are not trusted). */
export interface ImageKind {
  type: 'image/png' | 'image/jpeg' | 'image/gif';
  ext: 'png' | 'jpg' | 'gif';
}

export function sniffImage(bytes: Uint8Array): ImageKind | undefined {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return { type: 'image/png', ext: 'png' };
  if (starts(0xff, 0xd8, 0xff)) return { type: 'image/jpeg', ext: 'jpg' };
  if (starts(0x47, 0x49, 0x46, 0x38) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61) return { type: 'image/gif', ext: 'gif' };
  return undefined;
}

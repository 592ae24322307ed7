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

/** Width and height from the header, where it is easy to find; null when not. */
export function imageSize(bytes: Uint8Array, kind: ImageKind): { width: number | null; height: number | null } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  try {
    if (kind.ext === 'png' && bytes.length >= 24) return { width: view.getUint32(16), height: view.getUint32(20) };
    if (kind.ext === 'gif' && bytes.length >= 10) return { width: view.getUint16(6, true), height: view.getUint16(8, true) };
    if (kind.ext === 'jpg') {
      // walk the segments to the first start-of-frame marker
      let at = 2;
      while (at + 9 < bytes.length) {
        if (bytes[at] !== 0xff) break;
        const marker = bytes[at + 1]!;
        const length = view.getUint16(at + 2);
        if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
          return { width: view.getUint16(at + 7), height: view.getUint16(at + 5) };
        }
        at += 2 + length;
      }
    }
  } catch {
    // a truncated header: the size is unknown, the photo is still stored
  }
  return { width: null, height: null };
}

import { readFile } from 'node:fs/promises';
import { sep } from 'node:path';

/**
 * Bodies of the small files in memory, least recently used out first: a page or
 * the main bundle is then answered without touching the disk. Files are read
 * once even when many requests ask at the same moment.
 */
export class BodyCache {
  readonly #bodies = new Map<string, Promise<Buffer>>();
  readonly #sizes = new Map<string, number>();
  #bytes = 0;

  constructor(
    /** all cached bodies together */
    readonly maxBytes = 64 * 1024 * 1024,
    /** larger files are streamed from disk on every request */
    readonly maxFileBytes = 1024 * 1024,
  ) {}

  fits(size: number): boolean {
    return size <= this.maxFileBytes && size <= this.maxBytes;
  }

  /**
   * The file's bytes; size is the indexed size, for the memory budget. `key` and `load` name and make another body
   * of the file (its gzip, made on demand): a key that starts with the file's path, so forgetUnder frees it too.
   */
  read(file: string, size: number, key = file, load: () => Promise<Buffer> = () => readFile(file)): Promise<Buffer> {
    const cached = this.#bodies.get(key);
    if (cached) {
      // most recently used goes last
      this.#bodies.delete(key);
      this.#bodies.set(key, cached);
      return cached;
    }
    const reading = load();
    this.#bodies.set(key, reading);
    this.#sizes.set(key, size);
    this.#bytes += size;
    reading.then(
      // a body made from the file (its brotli) counts for its own length, not the file's: many more fit
      (body) => {
        if (this.#bodies.get(key) !== reading || body.length === size) return;
        this.#bytes += body.length - size;
        this.#sizes.set(key, body.length);
      },
      // a failed read is tried again by the next request
      () => {
        if (this.#bodies.get(key) === reading) this.#forget(key);
      },
    );
    for (const oldest of this.#bodies.keys()) {
      if (this.#bytes <= this.maxBytes || oldest === key) break;
      this.#forget(oldest);
    }
    return reading;
  }

  /** Frees the bodies of the files under a folder: a build no longer served. */
  forgetUnder(folder: string): void {
    const prefix = folder.endsWith(sep) ? folder : folder + sep;
    for (const file of [...this.#bodies.keys()]) if (file.startsWith(prefix)) this.#forget(file);
  }

  #forget(file: string): void {
    this.#bodies.delete(file);
    this.#bytes -= this.#sizes.get(file) ?? 0;
    this.#sizes.delete(file);
  }
}

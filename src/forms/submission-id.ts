type CryptoLike = Partial<Pick<Crypto, 'randomUUID' | 'getRandomValues'>>;

/**
 * A random id of 8-64 characters [A-Za-z0-9_-] (what the server accepts).
 * randomUUID exists only in secure contexts of newer browsers; older ones
 * still have getRandomValues, and the last resort is Math.random with the time.
 */
export function newSubmissionId(source: CryptoLike | undefined = globalThis.crypto): string {
  if (typeof source?.randomUUID === 'function') return source.randomUUID();
  if (typeof source?.getRandomValues === 'function') {
    const bytes = source.getRandomValues(new Uint8Array(16));
    return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  }
  const random = () => Math.random().toString(36).slice(2, 10).padEnd(8, '0');
  return `${Date.now().toString(36)}-${random()}${random()}`;
}

/**
 * One id per message: a retry of the same content keeps it, so the server
 * stores one lead however often the visitor presses the button; other content
 * or a success starts a new one.
 */
export class SubmissionIds {
  private current: { id: string; content: string } | undefined;

  constructor(private readonly generate: () => string = () => newSubmissionId()) {}

  for(content: string): string {
    if (this.current?.content !== content) this.current = { id: this.generate(), content };
    return this.current.id;
  }

  succeeded(): void {
    this.current = undefined;
  }
}

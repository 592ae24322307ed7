import { describe, expect, it } from 'vitest';
import { renderGate } from './render-gate.ts';

/** A render that ends when told, and what it saw of the site when it began and when it ended. */
function pending(gate: ReturnType<typeof renderGate>, site: { version: number }) {
  let end!: () => void;
  const ended = new Promise<void>((resolve) => (end = resolve));
  const seen: number[] = [];
  const done = gate.read(async () => {
    seen.push(site.version);
    await ended;
    seen.push(site.version);
    return seen;
  });
  return { end, done };
}

describe('render gate', () => {
  it('applies a change at once when nothing renders', () => {
    const gate = renderGate();
    const site = { version: 1 };
    gate.write(() => site.version++);
    expect(site.version).toBe(2);
  });

  it('holds a change until the renders under way have ended: none sees the site change under it', async () => {
    const gate = renderGate();
    const site = { version: 1 };
    const first = pending(gate, site);
    const second = pending(gate, site);
    gate.write(() => site.version++);
    expect(site.version).toBe(1);
    first.end();
    expect(await first.done).toEqual([1, 1]);
    expect(site.version).toBe(1);
    second.end();
    expect(await second.done).toEqual([1, 1]);
    expect(site.version).toBe(2);
  });

  it('a render asked for while a change waits begins after the change', async () => {
    const gate = renderGate();
    const site = { version: 1 };
    const first = pending(gate, site);
    gate.write(() => site.version++);
    gate.write(() => site.version++);
    const later = pending(gate, site);
    first.end();
    later.end();
    expect(await first.done).toEqual([1, 1]);
    expect(await later.done).toEqual([3, 3]);
  });

  it('a render that fails still lets the change through, and the next render runs', async () => {
    const gate = renderGate();
    const site = { version: 1 };
    const failing = gate.read(async () => {
      await Promise.resolve();
      throw new Error('render failed');
    });
    gate.write(() => site.version++);
    await expect(failing).rejects.toThrow('render failed');
    expect(site.version).toBe(2);
    expect(await gate.read(async () => site.version)).toBe(2);
  });
});

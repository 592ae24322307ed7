/**
 * Renders read the site's modules; a change of the site's files invalidates them. The two never overlap: Vite's
 * module runner shares one in-flight fetch of a module between the renders that ask for it, so a render that began
 * before an invalidation could hand its old module to a render that began after it, and that old module then stayed
 * cached until the next change (a preview stuck on the site as it was, seen after a git restore under load). A
 * change waits until the renders under way have ended, and a render asked for meanwhile waits for the change.
 */
export interface RenderGate {
  /** runs a render: at once, or once the changes waiting have been applied */
  read<T>(render: () => Promise<T>): Promise<T>;
  /** applies a change: at once when nothing renders, else as soon as the renders under way have ended */
  write(change: () => void): void;
}

export function renderGate(): RenderGate {
  let readers = 0;
  let changes: (() => void)[] = [];
  let waiting: (() => void)[] = [];
  const apply = () => {
    const now = changes;
    changes = [];
    try {
      for (const change of now) change();
    } finally {
      const go = waiting;
      waiting = [];
      for (const resume of go) resume();
    }
  };
  return {
    async read(render) {
      if (changes.length > 0) await new Promise<void>((resume) => waiting.push(resume));
      readers++;
      try {
        return await render();
      } finally {
        readers--;
        if (readers === 0 && changes.length > 0) apply();
      }
    },
    write(change) {
      if (readers === 0) change();
      else changes.push(change);
    },
  };
}

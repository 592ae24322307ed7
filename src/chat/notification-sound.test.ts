import { afterEach, describe, expect, it, vi } from 'vitest';
import { playNotificationSound } from './notification-sound.ts';

describe('playNotificationSound', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('loads the file only when played, and swallows an autoplay rejection', async () => {
    const created: string[] = [];
    vi.stubGlobal(
      'Audio',
      class {
        volume = 1;
        constructor(src: string) {
          created.push(src);
        }
        play() {
          return Promise.reject(new DOMException('blocked', 'NotAllowedError'));
        }
      },
    );
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    expect(() => playNotificationSound('/sounds/chime.wav')).not.toThrow();
    await new Promise((r) => setTimeout(r, 20));
    process.off('unhandledRejection', unhandled);
    expect(created).toEqual(['/sounds/chime.wav']);
    expect(unhandled).not.toHaveBeenCalled();
  });

  it('does not throw where audio is missing altogether', () => {
    vi.stubGlobal('Audio', undefined);
    expect(() => playNotificationSound('/sounds/chime.wav')).not.toThrow();
  });
});

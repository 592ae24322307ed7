import { describe, expect, it } from 'vitest';
import type { ChatConfig } from '../../core/site/schema-types.ts';
import schema from '../../schemas/chat.schema.json';
import { chatTiming, DEFAULTS, formatTime, whatsappUrl, withDefaults } from './chat-settings.ts';

const base: ChatConfig = {
  enabled: true,
  phoneNumber: '31600000000',
  accountName: 'Test',
  avatar: { src: '/images/a.webp', alt: '', width: 60, height: 60 },
  statusMessage: 'Online',
  chatMessage: 'Hallo',
  placeholder: '...',
  labels: { open: 'o', close: 'c', send: 's', dialog: 'd', notification: 'n', message: 'm', typing: 't' },
};

describe('chatTiming', () => {
  it('turns seconds into milliseconds and fills the schema defaults', () => {
    expect(chatTiming(base)).toEqual({ messageDelayMs: 2000, notificationIntervalMs: 60_000, notificationLoop: 0, soundSrc: null });
    expect(chatTiming({ ...base, notificationSoundSrc: '/sounds/x.wav', notificationDelay: 30, messageDelay: 1.5 })).toEqual({
      messageDelayMs: 1500,
      notificationIntervalMs: 30_000,
      notificationLoop: 0,
      soundSrc: '/sounds/x.wav',
    });
  });

  it('disables the periodic notification under 10 seconds (seconds, not milliseconds) or when switched off', () => {
    expect(chatTiming({ ...base, notificationDelay: 9.9 }).notificationIntervalMs).toBeNull();
    expect(chatTiming({ ...base, notificationDelay: 0 }).notificationIntervalMs).toBeNull();
    expect(chatTiming({ ...base, notificationDelay: 10 }).notificationIntervalMs).toBe(10_000);
    expect(chatTiming({ ...base, notification: false }).notificationIntervalMs).toBeNull();
  });

  it('has no sound when the sound is switched off even with a file', () => {
    expect(chatTiming({ ...base, notificationSound: false, notificationSoundSrc: '/sounds/x.wav' }).soundSrc).toBeNull();
  });
});

describe('withDefaults', () => {
  it('fills every omitted optional key, so a config without allowEsc/allowClickAway still closes on Escape and outside clicks', () => {
    const full = withDefaults(base);
    expect(full).toMatchObject({ allowEsc: true, allowClickAway: true, theme: 'light', position: 'bottom-right', chatboxHeight: 320 });
  });

  it('keeps the values the config does set, including false and 0', () => {
    const full = withDefaults({ ...base, allowEsc: false, notificationDelay: 0, chatboxHeight: 400, position: 'bottom-left' });
    expect(full).toMatchObject({ allowEsc: false, notificationDelay: 0, chatboxHeight: 400, position: 'bottom-left' });
  });

  it('has the same defaults as schemas/chat.schema.json', () => {
    const schemaDefaults = Object.fromEntries(
      Object.entries(schema.properties as Record<string, { default?: unknown }>)
        .filter(([, p]) => 'default' in p)
        .map(([k, p]) => [k, p.default]),
    );
    expect(DEFAULTS).toEqual(schemaDefaults);
  });
});

describe('formatTime and whatsappUrl', () => {
  it('writes hours and minutes with leading zeros', () => {
    expect(formatTime(new Date(2025, 0, 1, 7, 5))).toBe('07:05');
    expect(formatTime(new Date(2025, 0, 1, 23, 59))).toBe('23:59');
  });

  it('encodes the text so & # + and new lines survive', () => {
    expect(whatsappUrl('31612345678', 'Prijs & levertijd? #1 + ook\nmorgen')).toBe(
      'https://api.whatsapp.com/send/?phone=31612345678&text=Prijs%20%26%20levertijd%3F%20%231%20%2B%20ook%0Amorgen',
    );
  });
});

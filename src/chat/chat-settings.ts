import type { ChatConfig } from '../config/schema-types.ts';

/** The spec's rule: a notification interval under this many seconds switches the periodic badge off. */
export const MIN_NOTIFICATION_SECONDS = 10;

/** Everything the timers need, in milliseconds, with the schema's defaults filled in. */
export interface ChatTiming {
  messageDelayMs: number;
  /** null: no periodic notification (switched off, or an interval under 10 s). */
  notificationIntervalMs: number | null;
  /** Most badges to show; 0 repeats forever. */
  notificationLoop: number;
  /** Sound file to play with a badge, or null for silence. */
  soundSrc: string | null;
}

export function chatTiming(cfg: ChatConfig): ChatTiming {
  const seconds = cfg.notificationDelay ?? 60;
  // The library compared milliseconds with 10 and so never disabled anything; the spec means seconds.
  const periodic = (cfg.notification ?? true) && seconds >= MIN_NOTIFICATION_SECONDS;
  return {
    messageDelayMs: Math.max(0, cfg.messageDelay ?? 2) * 1000,
    notificationIntervalMs: periodic ? seconds * 1000 : null,
    notificationLoop: Math.max(0, Math.floor(cfg.notificationLoop ?? 0)),
    soundSrc: (cfg.notificationSound ?? true) && cfg.notificationSoundSrc ? cfg.notificationSoundSrc : null,
  };
}

/** hh:mm in 24-hour time, the only format the schema allows. */
export function formatTime(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The click-to-chat link; the text is encoded (the library pasted it in raw, breaking on & # + and newlines). */
export function whatsappUrl(phone: string, text: string): string {
  return `https://api.whatsapp.com/send/?phone=${encodeURIComponent(phone)}&text=${encodeURIComponent(text)}`;
}

import type { ChatConfig } from '../../core/site/schema-types.ts';

/** The spec's rule: a notification interval under this many seconds switches the periodic badge off. */
export const MIN_NOTIFICATION_SECONDS = 10;

/**
 * The single home of the optional keys' defaults. Mirrors the `default`s in schemas/chat.schema.json: the config may
 * omit these keys, so keep both in step when either changes.
 */
export const DEFAULTS = {
  theme: 'light',
  allowClickAway: true,
  allowEsc: true,
  notification: true,
  notificationDelay: 60,
  notificationSound: true,
  notificationLoop: 0,
  position: 'bottom-right',
  messageDelay: 2,
  chatboxHeight: 320,
  timeFormat: 'HH:mm',
} as const satisfies Required<Pick<ChatConfig, DefaultedKey>>;

type DefaultedKey =
  | 'theme'
  | 'allowClickAway'
  | 'allowEsc'
  | 'notification'
  | 'notificationDelay'
  | 'notificationSound'
  | 'notificationLoop'
  | 'position'
  | 'messageDelay'
  | 'chatboxHeight'
  | 'timeFormat';

/** The config with every omitted optional key filled from DEFAULTS. */
export type ResolvedChatConfig = ChatConfig & Required<Pick<ChatConfig, DefaultedKey>>;

export function withDefaults(cfg: ChatConfig): ResolvedChatConfig {
  // spread per key (not `{...DEFAULTS, ...cfg}`): an explicit `undefined` in cfg must still fall back
  const pick = <K extends DefaultedKey>(key: K): Required<ChatConfig>[K] => (cfg[key] ?? DEFAULTS[key]) as Required<ChatConfig>[K];
  return {
    ...cfg,
    theme: pick('theme'),
    allowClickAway: pick('allowClickAway'),
    allowEsc: pick('allowEsc'),
    notification: pick('notification'),
    notificationDelay: pick('notificationDelay'),
    notificationSound: pick('notificationSound'),
    notificationLoop: pick('notificationLoop'),
    position: pick('position'),
    messageDelay: pick('messageDelay'),
    chatboxHeight: pick('chatboxHeight'),
    timeFormat: pick('timeFormat'),
  };
}

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

export function chatTiming(config: ChatConfig): ChatTiming {
  const cfg = withDefaults(config);
  const seconds = cfg.notificationDelay;
  // The spec's minimum is in seconds: compared with milliseconds it would never switch anything off.
  const periodic = cfg.notification && seconds >= MIN_NOTIFICATION_SECONDS;
  return {
    messageDelayMs: Math.max(0, cfg.messageDelay) * 1000,
    notificationIntervalMs: periodic ? seconds * 1000 : null,
    notificationLoop: Math.max(0, Math.floor(cfg.notificationLoop)),
    soundSrc: cfg.notificationSound && cfg.notificationSoundSrc ? cfg.notificationSoundSrc : null,
  };
}

/** hh:mm in 24-hour time, the only format the schema allows. */
export function formatTime(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The click-to-chat link, the same form as the footer's. */
export { whatsappUrl } from '../../core/site/whatsapp.ts';

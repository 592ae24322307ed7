import { useEffect, useId, useMemo, useRef, useState, useSyncExternalStore, type CSSProperties, type FormEvent } from 'react';
import { useSite } from '../site/site-context.tsx';
import { Img } from '../ui/img.tsx';
import { CHAT_SESSION_KEY, createChatMachine, type SavedChat } from './chat-machine.ts';
import { chatTiming, formatTime, whatsappUrl, withDefaults } from './chat-settings.ts';
import { playNotificationSound } from './notification-sound.ts';
import { ChatGlyph, CloseGlyph, SendGlyph } from './chat-icons.tsx';
import styles from './chat-widget.module.css';
import { ISLAND_ATTR } from '../../core/islands/attributes.ts';

function readSaved(): SavedChat | null {
  try {
    return JSON.parse(sessionStorage.getItem(CHAT_SESSION_KEY) ?? 'null') as SavedChat | null;
  } catch {
    return null;
  }
}

/**
 * Floating WhatsApp-style chat. Prerendered closed, as an island: until the visitor touches the page the
 * button is HTML and the badge's timing CSS. Hydration renders exactly that HTML first; the mount effect
 * then takes over with the state an earlier page saved and the time this page has been open.
 */
export default function ChatWidget() {
  const { site } = useSite();
  const cfg = useMemo(() => withDefaults(site.chat), [site.chat]);
  const { labels } = cfg;
  const timing = useMemo(() => chatTiming(cfg), [cfg]);
  const [machine] = useState(() => createChatMachine(timing, { playSound: playNotificationSound }));
  const state = useSyncExternalStore(machine.subscribe, machine.getState, machine.getState);
  const [time] = useState(() => formatTime(new Date()));
  const [message, setMessage] = useState('');
  const rootRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  // set right before a close that should hand focus back to the floating button
  const refocusToggle = useRef(false);
  const dialogId = useId();
  const inputId = useId();
  // 'html': as prerendered, the badge timed by CSS; 'live': the machine's state rules
  const [live, setLive] = useState(false);

  useEffect(() => {
    const island = rootRef.current?.parentElement;
    machine.restore(readSaved(), performance.now());
    machine.start();
    setLive(true);
    // a click on the button before the code arrived opens the box now
    if (island?.hasAttribute(ISLAND_ATTR.pendingClick)) {
      island.removeAttribute(ISLAND_ATTR.pendingClick);
      machine.open();
    }
    const save = () => {
      const { open, delay, notification } = machine.getState();
      try {
        sessionStorage.setItem(CHAT_SESSION_KEY, JSON.stringify({ open, delay, notification, opened: machine.hasOpened() } satisfies SavedChat));
      } catch {
        // storage full or switched off: the chat works on this page regardless
      }
    };
    save();
    const unsubscribe = machine.subscribe(save);
    return () => {
      unsubscribe();
      machine.dispose();
    };
  }, [machine]);

  useEffect(() => {
    if (state.open) inputRef.current?.focus();
    else if (refocusToggle.current) toggleRef.current?.focus();
    refocusToggle.current = false;
  }, [state.open]);

  useEffect(() => {
    if (!state.open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || !cfg.allowEsc) return;
      refocusToggle.current = true;
      machine.close();
    };
    // a click elsewhere closes without stealing focus from whatever the visitor clicked
    const onPointer = (e: PointerEvent) => {
      if (cfg.allowClickAway && e.target instanceof Node && !rootRef.current?.contains(e.target)) machine.close();
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [state.open, cfg.allowEsc, cfg.allowClickAway, machine]);

  const onToggle = () => {
    // while open the button changes nothing (as in the spec); it only brings focus back to the message field
    if (state.open) inputRef.current?.focus();
    else machine.open();
  };
  const onClose = () => {
    refocusToggle.current = true;
    machine.close();
  };
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const text = message.trim();
    if (!text) return;
    window.open(whatsappUrl(cfg.phoneNumber, text), '_blank', 'noopener,noreferrer');
    setMessage('');
  };

  const rootClass = [styles.root, cfg.position === 'bottom-left' ? styles.left : '', cfg.theme === 'dark' ? styles.dark : ''].filter(Boolean).join(' ');
  const boxStyle = { '--chat-height': `${cfg.chatboxHeight}px` } as CSSProperties;
  // before the script takes over, the badge is in the HTML, shown by CSS once the bootstrap's timer marks it due
  const timedBadge = !live && timing.notificationIntervalMs !== null;
  const showBadge = timedBadge || state.notification;
  const badgeClass = timedBadge ? `${styles.badgeTimed} ${styles.badge}` : styles.badge;

  return (
    <div ref={rootRef} className={rootClass} data-testid="chat-widget">
      <div role="dialog" aria-label={labels.dialog} id={dialogId} className={styles.box} style={boxStyle} hidden={!state.open}>
        <div className={styles.head}>
          <Img image={{ ...cfg.avatar, alt: '' /* the name is written right next to it */ }} className={styles.avatar} />
          <div className={styles.who}>
            <p className={styles.name}>{cfg.accountName}</p>
            <p className={styles.status}>{cfg.statusMessage}</p>
          </div>
          <button type="button" className={styles.close} aria-label={labels.close} onClick={onClose}>
            <CloseGlyph />
          </button>
        </div>
        <div className={styles.body} role="log">
          {state.delay ? (
            <div className={styles.typing} data-testid="chat-typing">
              <span className="visually-hidden">{labels.typing}</span>
              <span className={styles.dot} />
              <span className={styles.dot} />
              <span className={styles.dot} />
            </div>
          ) : (
            <div className={styles.bubble} data-testid="chat-message">
              <p className={styles.bubbleName}>{cfg.accountName}</p>
              <p className={styles.text}>{cfg.chatMessage}</p>
              <time className={styles.time}>{time}</time>
            </div>
          )}
        </div>
        <form className={styles.form} onSubmit={onSubmit}>
          <label htmlFor={inputId} className="visually-hidden">
            {labels.message}
          </label>
          <input
            ref={inputRef}
            id={inputId}
            className={styles.input}
            type="text"
            value={message}
            placeholder={cfg.placeholder}
            autoComplete="off"
            enterKeyHint="send"
            onChange={(e) => setMessage(e.target.value)}
          />
          <button type="submit" className={styles.send} aria-label={labels.send}>
            <SendGlyph />
          </button>
        </form>
      </div>
      <button
        ref={toggleRef}
        type="button"
        className={styles.toggle}
        aria-haspopup="dialog"
        aria-expanded={state.open}
        aria-controls={dialogId}
        onClick={onToggle}
      >
        <ChatGlyph />
        <span className="visually-hidden">{labels.open}</span>
        {showBadge ? (
          <>
            {/* the visible "1" is decoration; the configured label says it in words */}
            <span className={badgeClass} aria-hidden="true" data-testid="chat-badge">
              1
            </span>
            <span className={timedBadge ? `${styles.badgeTimed} visually-hidden` : 'visually-hidden'}>{labels.notification}</span>
          </>
        ) : null}
      </button>
      <span className="visually-hidden" role="status">
        {state.notification ? labels.notification : ''}
      </span>
    </div>
  );
}

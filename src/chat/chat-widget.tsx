import { useId, useMemo, useRef, useState } from 'react';
import { useSite } from '../site/site-context.tsx';
import { chatTiming, formatTime, withDefaults } from './chat-settings.ts';
import { useChatMachine } from './use-chat-machine.ts';
import { useChatDismiss } from './use-chat-dismiss.ts';
import { ChatBox } from './chat-box.tsx';
import { ChatToggle } from './chat-toggle.tsx';
import styles from './chat-widget.module.css';

/**
 * Floating WhatsApp-style chat. Prerendered closed, as an island: until the visitor touches the page the
 * button is HTML and the badge's timing CSS. Hydration renders exactly that HTML first; the mount effect
 * then takes over with the state an earlier page saved and the time this page has been open.
 */
export default function ChatWidget() {
  const { site } = useSite();
  const cfg = useMemo(() => withDefaults(site.chat), [site.chat]);
  const timing = useMemo(() => chatTiming(cfg), [cfg]);
  const rootRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const { machine, state, live } = useChatMachine(timing, rootRef);
  const close = useChatDismiss(machine, { open: state.open, allowEsc: cfg.allowEsc, allowClickAway: cfg.allowClickAway, rootRef, inputRef, toggleRef });
  const [time] = useState(() => formatTime(new Date()));
  const dialogId = useId();
  const inputId = useId();

  // while open the button changes nothing; it only brings focus back to the message field
  const onToggle = () => (state.open ? inputRef.current?.focus() : machine.open());
  const timedBadge = !live && timing.notificationIntervalMs !== null;
  const rootClass = [styles.root, cfg.position === 'bottom-left' ? styles.left : '', cfg.theme === 'dark' ? styles.dark : ''].filter(Boolean).join(' ');

  return (
    <div ref={rootRef} className={rootClass} data-testid="chat-widget">
      <ChatBox cfg={cfg} id={dialogId} inputId={inputId} state={state} time={time} inputRef={inputRef} onClose={close} />
      <ChatToggle
        labels={cfg.labels}
        open={state.open}
        dialogId={dialogId}
        badge={timedBadge ? 'timed' : state.notification ? 'shown' : 'none'}
        buttonRef={toggleRef}
        onClick={onToggle}
      />
      <span className="visually-hidden" role="status">
        {state.notification ? cfg.labels.notification : ''}
      </span>
    </div>
  );
}

import type { RefObject } from 'react';
import type { ResolvedChatConfig } from './chat-settings.ts';
import { ChatGlyph } from './chat-icons.tsx';
import styles from './chat-widget.module.css';

interface ChatToggleProps {
  labels: ResolvedChatConfig['labels'];
  open: boolean;
  dialogId: string;
  /** 'timed': as prerendered, shown by CSS once the bootstrap marks it due; 'shown' and 'none' from the live state */
  badge: 'timed' | 'shown' | 'none';
  buttonRef: RefObject<HTMLButtonElement | null>;
  onClick: () => void;
}

/** The floating button that opens the chat, with its "1" badge; the configured label says the badge in words. */
export function ChatToggle({ labels, open, dialogId, badge, buttonRef, onClick }: ChatToggleProps) {
  const timed = badge === 'timed';
  return (
    <button ref={buttonRef} type="button" className={styles.toggle} aria-haspopup="dialog" aria-expanded={open} aria-controls={dialogId} onClick={onClick}>
      <ChatGlyph />
      <span className="visually-hidden">{labels.open}</span>
      {badge !== 'none' ? (
        <>
          {/* the visible "1" is decoration */}
          <span className={timed ? `${styles.badgeTimed} ${styles.badge}` : styles.badge} aria-hidden="true" data-testid="chat-badge">
            1
          </span>
          <span className={timed ? `${styles.badgeTimed} visually-hidden` : 'visually-hidden'}>{labels.notification}</span>
        </>
      ) : null}
    </button>
  );
}

import { useState, type CSSProperties, type FormEvent, type RefObject } from 'react';
import { Img } from '../ui/img.tsx';
import type { ChatState } from './chat-machine.ts';
import { whatsappUrl, type ResolvedChatConfig } from './chat-settings.ts';
import { CloseGlyph, SendGlyph } from './chat-icons.tsx';
import styles from './chat-widget.module.css';

interface ChatBoxProps {
  cfg: ResolvedChatConfig;
  id: string;
  inputId: string;
  state: ChatState;
  /** hh:mm, taken when the widget mounted */
  time: string;
  inputRef: RefObject<HTMLInputElement | null>;
  onClose: () => void;
}

/** Who answers: the avatar, name and status, and the close button. */
function ChatHead({ cfg, onClose }: Pick<ChatBoxProps, 'cfg' | 'onClose'>) {
  return (
    <div className={styles.head}>
      <Img image={{ ...cfg.avatar, alt: '' /* the name is written right next to it */ }} className={styles.avatar} />
      <div className={styles.who}>
        <p className={styles.name}>{cfg.accountName}</p>
        <p className={styles.status}>{cfg.statusMessage}</p>
      </div>
      <button type="button" className={styles.close} aria-label={cfg.labels.close} onClick={onClose}>
        <CloseGlyph />
      </button>
    </div>
  );
}

/** The conversation: typing dots while the message delay runs, then the greeting. */
function ChatLog({ cfg, delay, time }: Pick<ChatBoxProps, 'cfg' | 'time'> & { delay: boolean }) {
  return (
    <div className={styles.body} role="log">
      {delay ? (
        <div className={styles.typing} data-testid="chat-typing">
          <span className="visually-hidden">{cfg.labels.typing}</span>
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
  );
}

/**
 * The open chat: who answers, typing dots for the message delay and then the greeting, and a message field.
 * Sending opens WhatsApp with the typed text in a new window and empties the field; an empty field sends nothing.
 */
export function ChatBox({ cfg, id, inputId, state, time, inputRef, onClose }: ChatBoxProps) {
  const { labels } = cfg;
  const [message, setMessage] = useState('');
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const text = message.trim();
    if (!text) return;
    window.open(whatsappUrl(cfg.phoneNumber, text), '_blank', 'noopener,noreferrer');
    setMessage('');
  };
  const boxStyle = { '--chat-height': `${cfg.chatboxHeight}px` } as CSSProperties;

  return (
    <div role="dialog" aria-label={labels.dialog} id={id} className={styles.box} style={boxStyle} hidden={!state.open}>
      <ChatHead cfg={cfg} onClose={onClose} />
      <ChatLog cfg={cfg} delay={state.delay} time={time} />
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
  );
}

/** Drawn for this widget: a speech bubble with its tail bottom-left around a handset, read as "WhatsApp" at a glance. */
export function ChatGlyph({ size = 30 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <path
        d="M16 3.5A12.5 12.5 0 0 0 5.3 22.4L3.6 28.4l6.2-1.6A12.5 12.5 0 1 0 16 3.5z"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.4"
        strokeLinejoin="round"
      />
      <path
        d="M12.2 9.6c.4 0 .7.1.9.6l1.2 2.8c.1.3.1.6-.1.9l-.9 1.1c.9 1.8 2.3 3.2 4.1 4.1l1.1-.9c.3-.2.6-.2.9-.1l2.8 1.2c.5.2.6.5.6.9 0 1.6-1.3 2.8-2.9 2.8-5.3-.3-9.4-4.4-9.7-9.7 0-1.6 1.2-2.9 2-2.9z"
        fill="currentColor"
      />
    </svg>
  );
}

export function SendGlyph({ size = 20 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M3.4 20.4 21 12 3.4 3.6 3.4 10.2 15 12 3.4 13.8z" fill="currentColor" />
    </svg>
  );
}

export function CloseGlyph({ size = 20 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M6 6l12 12M18 6 6 18" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
    </svg>
  );
}

/** A clear box for editors in development; nothing at all for visitors. */
export function DevNotice({ title, detail }: { title: string; detail?: string }) {
  if (!import.meta.env.DEV) return null;
  return (
    <div
      role="alert"
      data-dev-notice
      style={{ margin: '1rem', padding: '1rem', border: '2px dashed #b91c1c', background: '#fef2f2', color: '#7f1d1d', fontFamily: 'monospace' }}
    >
      <strong>{title}</strong>
      {detail ? <pre style={{ whiteSpace: 'pre-wrap', margin: '0.5rem 0 0' }}>{detail}</pre> : null}
    </div>
  );
}

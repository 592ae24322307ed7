import { lazy, Suspense, useEffect, useState } from 'react';

const ChatWidget = lazy(() => import('../chat/chat-widget.tsx'));

/** The chat loads after the page is interactive, so it never delays the first paint or hydration. */
export function DeferredChat() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const start = () => setReady(true);
    if ('requestIdleCallback' in window) {
      const id = window.requestIdleCallback(start, { timeout: 2000 });
      return () => window.cancelIdleCallback(id);
    }
    const id = setTimeout(start, 200);
    return () => clearTimeout(id);
  }, []);
  if (!ready) return null;
  return (
    <Suspense fallback={null}>
      <ChatWidget />
    </Suspense>
  );
}

import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';

/** A chat route, the only place a notification click may lead. */
const CHAT_PATH = /^\/auth\/conversations\/[0-9a-f-]{36}\/(conversation|group)$/;

/**
 * A click on a pushed notification while a tab is open: the service worker (push-sw.js) focuses
 * this tab and asks it to open the chat, which the router does without reloading the app.
 */
export function useOpenFromNotification(): void {
  const navigate = useNavigate();
  useEffect(() => {
    if (!('serviceWorker' in navigator)) return;
    const onMessage = (event: MessageEvent<unknown>) => {
      const data = event.data as { type?: unknown; path?: unknown } | null;
      if (data?.type === 'papo:open-chat' && typeof data.path === 'string' && CHAT_PATH.test(data.path)) void navigate(data.path);
    };
    navigator.serviceWorker.addEventListener('message', onMessage);
    return () => navigator.serviceWorker.removeEventListener('message', onMessage);
  }, [navigate]);
}

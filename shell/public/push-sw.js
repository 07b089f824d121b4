/* global self */
// Web Push in the service worker: the Workbox-generated sw.js imports this file (importScripts),
// the one hand-written part of the worker. It shows what the server pushes while no Papo tab is
// open (pushPayloadSchema in @chat/contracts): one notification per chat (its tag), which a newer
// message of the chat replaces with the count and the last lines; a `read` push (the chat was read
// on another device) closes it; a click focuses an open tab on that chat, or opens one.

/** The last lines a chat's notification keeps. */
const KEPT_LINES = 4;
/** Where a click may lead: the app's chat routes only, whatever a payload says. */
const CHAT_PATH = /^\/auth\/conversations\/[0-9a-f-]{36}\/(conversation|group)$/;

self.addEventListener('push', (event) => {
  let payload = null;
  try {
    payload = event.data ? event.data.json() : null;
  } catch {
    payload = null;
  }
  if (!payload || typeof payload !== 'object' || typeof payload.tag !== 'string') return;
  if (payload.kind === 'message') event.waitUntil(showMessage(payload));
  else if (payload.kind === 'read') event.waitUntil(closeChat(payload.tag));
});

async function showMessage(payload) {
  const earlier = (await self.registration.getNotifications({ tag: payload.tag }))[0];
  const before = earlier && earlier.data && Array.isArray(earlier.data.lines) ? earlier.data : { count: 0, lines: [], ids: [] };
  // The same message pushed twice (a retried send) is shown once.
  if (before.ids.includes(payload.messageId)) return;
  const count = before.count + 1;
  const lines = [...before.lines, String(payload.body)].slice(-KEPT_LINES);
  await self.registration.showNotification(count > 1 ? `${payload.title} (${count} mensagens)` : String(payload.title), {
    body: lines.join('\n'),
    tag: payload.tag,
    // A newer message of the chat rings again, though it replaces the notification.
    renotify: true,
    icon: '/icons/icon-192.png',
    badge: '/icons/icon-192.png',
    lang: 'pt-BR',
    data: {
      path: CHAT_PATH.test(payload.path) ? payload.path : '/auth/conversations',
      count,
      lines,
      ids: [...before.ids, payload.messageId].slice(-50),
    },
  });
}

async function closeChat(tag) {
  for (const notification of await self.registration.getNotifications({ tag })) notification.close();
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = event.notification.data || {};
  const path = CHAT_PATH.test(data.path) ? data.path : '/auth/conversations';
  event.waitUntil(openChat(path));
});

async function openChat(path) {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
  if (open) {
    // The tab's router moves to the chat (shell: use-open-from-notification.ts), with no reload.
    open.postMessage({ type: 'papo:open-chat', path });
    await open.focus();
    return;
  }
  await self.clients.openWindow(path);
}

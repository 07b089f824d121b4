import { inQuietHours, levelAllows, LIMITS, mentionsUser, type Message, type NotificationSettings } from '@chat/contracts';
import { notificationContent, shouldNotify, type WindowState } from './notification-rules';

/** How many notified messages are remembered, to notify each once. */
const REMEMBERED_MESSAGES = 500;

export interface NotifierDeps {
  meId: string;
  windowState: () => WindowState;
  /** Chats I silenced: no sound, no notification, except a mention of me. */
  isMuted?: (chatId: string) => boolean;
  /** The group's name for the title; null when it cannot be found. */
  groupName: (groupId: string) => Promise<string | null>;
  /** Opens a chat route in the app. */
  navigate: (path: string) => void;
  playSound: () => void;
  /** The person's settings (Configurações > Notificações); null when unknown, then everything rings. */
  settings?: () => Promise<NotificationSettings | null>;
  /** The browser's Notification constructor, if it has one. */
  NotificationApi?: typeof Notification;
  focusWindow?: () => void;
  closeAfterMs?: number;
}

/**
 * What happens to each incoming message: when the window is hidden or unfocused and someone else
 * wrote it, a chime and (with permission) a desktop notification that closes itself after 5 s and
 * opens the chat when clicked (docs/produto.md, Regras de conversa).
 */
export function createMessageNotifier(deps: NotifierDeps): (message: Message) => Promise<void> {
  const { NotificationApi, closeAfterMs = LIMITS.notificationCloseMs, focusWindow = () => window.focus() } = deps;
  // A message can arrive twice (a send retried after its first answer was lost is announced
  // again): one chime and one notification per message, none for a repeat of one that arrived
  // while the user was looking.
  const heard = new Set<string>();
  return async (message) => {
    if (heard.has(message.id)) return;
    heard.add(message.id);
    // The oldest goes first: a repeat comes within seconds of the original.
    if (heard.size > REMEMBERED_MESSAGES) heard.delete(heard.values().next().value!);
    const muted = deps.isMuted?.(message.groupId ?? message.conversationId ?? '') ?? false;
    if (!shouldNotify(message, deps.meId, deps.windowState(), muted)) return;
    const settings = deps.settings ? await deps.settings().catch(() => null) : null;
    if (settings) {
      const allowed = levelAllows(settings.level, {
        isDirect: message.conversationId !== null,
        mentionsMe: mentionsUser(message, deps.meId),
      });
      if (!allowed || inQuietHours(settings, new Date())) return;
    }
    const groupName = message.groupId ? await deps.groupName(message.groupId).catch(() => null) : null;
    const content = notificationContent(message, groupName);
    if (settings?.sound !== false) deps.playSound();
    if (!NotificationApi || NotificationApi.permission !== 'granted') return;
    let notification: Notification;
    try {
      notification = new NotificationApi(content.title, { body: content.body, tag: content.tag, silent: true });
    } catch {
      // Chrome on Android only shows notifications through a service worker: the chime stays.
      return;
    }
    const timer = setTimeout(() => notification.close(), closeAfterMs);
    notification.onclick = () => {
      clearTimeout(timer);
      focusWindow();
      deps.navigate(content.path);
      notification.close();
    };
  };
}

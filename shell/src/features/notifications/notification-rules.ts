import { isSystemMessage, mediaPreviewText, mentionsUser, type Message } from '@chat/contracts';

// docs/produto.md, Regras de conversa: a desktop notification, with sound, only when the window is
// hidden or unfocused.

export interface WindowState {
  hidden: boolean;
  focused: boolean;
}

export const currentWindowState = (): WindowState => ({ hidden: document.hidden, focused: document.hasFocus() });

/**
 * Someone else's message (never a group's system line) while I am not looking at the app; in a chat I silenced only
 * when it mentions me.
 */
export function shouldNotify(message: Message, meId: string, state: WindowState, muted = false): boolean {
  // The group's own lines ('Ana adicionou Bruno') are no one's message.
  if (isSystemMessage(message)) return false;
  if (muted && !mentionsUser(message, meId)) return false;
  return message.authorId !== meId && (state.hidden || !state.focused);
}

export const IMAGE_BODY = 'Imagem';

export interface NotificationContent {
  title: string;
  body: string;
  /** Where a click leads: the chat of the message. */
  path: string;
  /** One notification per message, even when several tabs show it (the browser replaces same-tag ones). */
  tag: string;
}

/**
 * Title: the sender's name, or the group's name (then the body says who wrote). Body: the text, or
 * 'Imagem' for an image (as the chat list's preview).
 */
export function notificationContent(message: Message, groupName: string | null): NotificationContent {
  // Mention tokens are ids: the notification says '@' without them (the chat shows the names).
  // An image, a file or a voice note: 'Imagem', its name, 'Mensagem de voz (0:42)' (mediaPreviewText).
  const text =
    message.content.type === 'image'
      ? IMAGE_BODY
      : (mediaPreviewText(message.content) ?? message.content.body).replace(/<@([0-9a-f-]{36}|todos)>/gi, (_m, t: string) =>
          t.toLowerCase() === 'todos' ? '@todos' : '@',
        );
  const inGroup = message.groupId !== null;
  const id = inGroup ? message.groupId! : message.conversationId!;
  return {
    title: inGroup ? (groupName ?? message.author.name) : message.author.name,
    body: inGroup && groupName ? `${message.author.name}: ${text}` : text,
    path: `/auth/conversations/${encodeURIComponent(id)}/${inGroup ? 'group' : 'conversation'}`,
    tag: `message:${message.id}`,
  };
}

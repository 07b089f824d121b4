import { chatPath, type Message, previewLine, type PushPayload, pushTag } from '@chat/contracts';

/** Push services take about 4 KB: a preview is a line, not the message. */
const PREVIEW_MAX = 140;

/**
 * Title: the sender's name, or the group's (then the body says who wrote). Body: the text with
 * mentions as names, or what the chat list says for the rest ('Imagem' with its caption when it has
 * one, a file's name, 'Mensagem de voz (0:42)').
 */
export function messagePayload(message: Message, groupName: string | null, names: ReadonlyMap<string, string>): PushPayload {
  const isGroup = message.groupId !== null;
  const chatId = (message.groupId ?? message.conversationId)!;
  const text = previewLine(message.content, names);
  const preview = text.length > PREVIEW_MAX ? `${text.slice(0, PREVIEW_MAX - 1)}…` : text;
  return {
    kind: 'message',
    messageId: message.id,
    chatId,
    isGroup,
    title: isGroup ? (groupName ?? message.author.name) : message.author.name,
    body: isGroup ? `${message.author.name}: ${preview}` : preview,
    path: chatPath(chatId, isGroup),
    tag: pushTag(chatId),
  };
}

import { untouchedMessageFields } from '@chat/contracts';
import type { ChatKind } from '../../../shared/chat-types';
import type { PendingUpload } from '../../upload/hooks/use-image-upload';
import type { Me } from '../hooks/use-messages';
import type { ChatMessage } from './merge-messages';

/** An image still uploading, as the PENDING image message it will become (same clientId, same row key). */
export function uploadMessage(upload: PendingUpload, me: Me, kind: ChatKind, chatId: string): ChatMessage {
  const id = `local:${upload.clientId}`;
  return {
    id,
    authorId: me.id,
    author: { id: me.id, name: me.name, avatarUrl: me.avatarUrl ?? null },
    content: { id, body: upload.previewUrl, type: 'image' },
    status: 'PENDING',
    createdAt: upload.createdAt,
    updatedAt: upload.createdAt,
    conversationId: kind === 'conversation' ? chatId : null,
    groupId: kind === 'group' ? chatId : null,
    ...untouchedMessageFields(),
    clientId: upload.clientId,
    failed: upload.failed || undefined,
    upload: { previewUrl: upload.previewUrl, progress: upload.progress },
  };
}

/** The history with the uploads in time order (a message that arrives meanwhile goes above them). */
export function withUploads(messages: ChatMessage[], uploads: PendingUpload[], me: Me, kind: ChatKind, chatId: string): ChatMessage[] {
  // An upload whose message is already there (handed over to the outbox) shows as that message.
  const held = new Set(messages.map((m) => m.clientId));
  const own = uploads.filter((upload) => !held.has(upload.clientId));
  if (own.length === 0) return messages;
  const all = [...messages, ...own.map((upload) => uploadMessage(upload, me, kind, chatId))];
  // Stable: equal times keep their order.
  return all.sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt));
}

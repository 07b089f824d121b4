import { untouchedMessageFields } from '@chat/contracts';
import type { OutboxEntry } from '@chat/outbox';
import type { ChatKind } from '../../../shared/chat-types';
import type { Me } from '../hooks/use-messages';
import type { ChatMessage } from './merge-messages';

// A kept image's preview: one object URL per entry (each read of the outbox gives a new Blob
// object), let go of once the entry has left the outbox.
const previews = new Map<string, string>();
function previewOf(clientId: string, blob: Blob): string {
  let url = previews.get(clientId);
  if (!url) {
    url = URL.createObjectURL(blob);
    previews.set(clientId, url);
  }
  return url;
}
function forgetPreviews(entries: OutboxEntry[]) {
  const kept = new Set(entries.map((e) => e.clientId));
  for (const [clientId, url] of previews) {
    if (kept.has(clientId)) continue;
    URL.revokeObjectURL(url);
    previews.delete(clientId);
  }
}

/** An outbox entry as its bubble: PENDING while queued, 'Não enviada' once refused. */
export function outboxMessage(entry: OutboxEntry, me: Me, progress: number | undefined): ChatMessage {
  const id = `local:${entry.clientId}`;
  const upload = entry.file ? { previewUrl: previewOf(entry.clientId, entry.file.blob), progress: progress ?? 0 } : undefined;
  const { fileName, size, mimeType, durationMs } = entry.content;
  return {
    id,
    authorId: me.id,
    author: { id: me.id, name: me.name, avatarUrl: me.avatarUrl ?? null },
    content: {
      id,
      type: entry.content.type,
      body: upload?.previewUrl ?? entry.content.body,
      ...(entry.content.caption ? { caption: entry.content.caption } : {}),
      ...(fileName === undefined ? {} : { fileName }),
      ...(size === undefined ? {} : { size }),
      ...(mimeType === undefined ? {} : { mimeType }),
      ...(durationMs === undefined ? {} : { durationMs }),
    },
    status: 'PENDING',
    createdAt: entry.createdAt,
    updatedAt: entry.createdAt,
    conversationId: entry.chatKind === 'conversation' ? entry.chatId : null,
    groupId: entry.chatKind === 'group' ? entry.chatId : null,
    ...untouchedMessageFields(),
    replyTo: entry.replyTo,
    mentions: entry.mentions,
    clientId: entry.clientId,
    ...(entry.state === 'refused' ? { failed: true, refused: { reason: entry.reason ?? null } } : {}),
    ...(upload ? { upload } : {}),
  };
}

/**
 * The history with this chat's unsent messages after it, in the order they were written (they
 * are sent in that order, after everything the server already has). An entry the history already
 * holds (sent, its answer in, the entry about to leave) is not shown twice.
 */
export function withOutbox(
  history: ChatMessage[],
  entries: OutboxEntry[],
  me: Me,
  kind: ChatKind,
  chatId: string,
  progress: ReadonlyMap<string, number>,
): ChatMessage[] {
  forgetPreviews(entries);
  const mine = entries.filter((e) => e.chatKind === kind && e.chatId === chatId);
  if (mine.length === 0) return history;
  const held = new Set(history.map((m) => m.clientId));
  const unsent = mine.filter((e) => !held.has(e.clientId)).map((e) => outboxMessage(e, me, progress.get(e.clientId)));
  return unsent.length === 0 ? history : [...history, ...unsent];
}

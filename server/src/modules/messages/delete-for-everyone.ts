import type { Message } from '@chat/contracts';
import type { Env } from '../../config/env';
import type { Db } from '../../db/client';
import type { MediaStore } from '../media/media-store';
import type { ChatEvents } from '../realtime/chat-events';
import * as repo from './message-actions.repository';
import { type MessageWithAuthor, toMessageEntity } from './message-entity';
import { dropMessageMedia } from './message-media';

export interface DeleteForEveryoneDeps {
  db: Db;
  events: ChatEvents;
  media: { env: Pick<Env, 'appUrl'>; store: MediaStore };
}

/**
 * Deletes a message for everyone: the content leaves the database (and so search), an uploaded
 * image, file or voice note leaves the media store unless something else still shows it, and the
 * chat's participants hear 'message:deleted'. The caller has decided `byId` may do it. Null when
 * the message was already deleted (then nothing is announced).
 */
export async function deleteForEveryone(
  deps: DeleteForEveryoneDeps,
  row: MessageWithAuthor,
  participantIds: readonly string[],
  byId: string,
): Promise<Message | null> {
  const m = row.message;
  const deleted = await repo.markDeleted(deps.db, m.id, byId);
  if (!deleted) return null;
  if (m.contentType === 'image' || m.contentType === 'file' || m.contentType === 'audio')
    await dropMessageMedia({ db: deps.db, ...deps.media }, m.body, m.id);
  const message = toMessageEntity({ ...row, message: deleted });
  deps.events.toUsers(participantIds, 'message:deleted', message);
  return message;
}

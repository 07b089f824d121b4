import { and, asc, eq, gt, isNull, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { SOCKET_NAMESPACE } from '@chat/contracts';
import { mediaUploads, messages } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { groupIdsOfMember, memberIds } from '../groups/groups.repository';
import { forgetUpload } from '../media/media-uploads';
import { mediaOrigin, ownMediaKey } from '../media/own-media-url';
import { deleteForEveryone } from '../messages/delete-for-everyone';
import { mediaUrlInUse } from '../messages/message-actions.repository';
import { selectMessages } from '../messages/messages.repository';
import { recheckGroupReads } from '../realtime/group-receipts';
import { userRoom } from '../realtime/rooms';
import { findUserById } from '../users/users.repository';
import { toUserEntity, type UserWithWorkspace } from '../users/user-entity';
import { allOf } from '../exports/data-exports.repository';
import { erasePersonalRows } from './erase-personal-rows';
import { removeExports } from '../exports/export-jobs';

// Erasing an account (LGPD art. 18, VI): what happens once the person has confirmed it. Also
// meant for an ADMIN's "remove the member and their data", which decides who may ask.

/** No message is this id: "shown anywhere but in this message" then means "shown anywhere". */
const NO_MESSAGE = '00000000-0000-0000-0000-000000000000';
const PAGE = 200;

export interface EraseOptions {
  /** Delete the person's messages (and their files) for everyone, instead of keeping them as 'Usuário removido'. */
  deleteMessages: boolean;
}

export async function eraseAccount(
  app: Pick<FastifyInstance, 'ctx' | 'io'>,
  user: UserWithWorkspace,
  options: EraseOptions,
): Promise<void> {
  const { db, refreshTokens, revokedSessions, chatEvents, now, env } = app.ctx;

  // First nobody acts as the person any more: every session ends, on every process, sockets too.
  const ended = await inTransaction(db, async (tx) => refreshTokens.revokeAllOfUser(user.id, { db: tx, now: now() }));
  await revokedSessions.announce(ended);
  chatEvents.toUsers([user.id], 'session:revoked', { reason: 'ended' });
  app.io.of(SOCKET_NAMESPACE).in(userRoom(user.id)).disconnectSockets(false);

  if (options.deleteMessages) await deleteMessagesOf(app, user.id);
  await removeExports({ db, dataDir: env.dataDir }, await allOf(db, user.id));
  await inTransaction(db, (tx) => erasePersonalRows(tx, user));
  // The photo, and with the messages every other file the person uploaded, unless still shown elsewhere.
  await dropUploads(app, user.id, options.deleteMessages ? { all: true } : { url: user.avatarUrl });

  // Colleagues' open pages show 'Usuário removido' in place of the person at once.
  const erased = await findUserById(db, user.id);
  if (erased && user.workspaceId) chatEvents.toWorkspace(user.workspaceId, 'user:updated', toUserEntity(erased));
  // Like a removed member, an erased one no longer holds back their groups' read ticks.
  await recheckGroupReads({ db, events: chatEvents }, await groupIdsOfMember(db, user.id), user.id);
}

/** Every message the person wrote, deleted for everyone through the same path as 'Apagar para todos'. */
async function deleteMessagesOf(app: Pick<FastifyInstance, 'ctx'>, userId: string): Promise<void> {
  const { db, chatEvents, conversationParticipants, env, mediaStore } = app.ctx;
  const deps = { db, events: chatEvents, media: { env, store: mediaStore } };
  let after = 0;
  for (;;) {
    const page = await selectMessages(db, {
      where: and(eq(messages.authorId, userId), gt(messages.seq, after), isNull(messages.deletedAt), ne(messages.contentType, 'system')),
      order: 'asc',
      limit: PAGE,
    });
    if (page.length === 0) return;
    for (const row of page) {
      const m = row.message;
      const participants = m.conversationId
        ? [userId, ...[await conversationParticipants.otherOf(m.conversationId, userId)].filter((id): id is string => id !== null)]
        : await memberIds(db, m.groupId!);
      await deleteForEveryone(deps, row, participants, userId);
    }
    after = page[page.length - 1]!.message.seq;
  }
}

/** Removes the person's uploads that nothing shows any more: all of them, or just one URL (the photo). */
async function dropUploads(
  app: Pick<FastifyInstance, 'ctx'>,
  userId: string,
  which: { all: true } | { url: string | null },
): Promise<void> {
  const { db, env, mediaStore } = app.ctx;
  if ('url' in which && which.url === null) return;
  const origin = mediaOrigin(env.appUrl);
  const keys =
    'all' in which
      ? (
          await db
            .select({ key: mediaUploads.key })
            .from(mediaUploads)
            .where(eq(mediaUploads.uploaderId, userId))
            .orderBy(asc(mediaUploads.key))
        ).map((u) => u.key)
      : [ownMediaKey(which.url!, env.appUrl)?.key].filter((k): k is string => !!k);
  for (const key of keys) {
    const media = ownMediaKey(`${origin}/media/${key}`, env.appUrl);
    if (!media || (await mediaUrlInUse(db, `${origin}/media/${key}`, NO_MESSAGE))) continue;
    await mediaStore.delete(media.key);
    await forgetUpload(db, media);
  }
}

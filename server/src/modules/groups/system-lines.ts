import { eq } from 'drizzle-orm';
import { SYSTEM_LINE_TARGETS_MAX, type Message, type SystemLine } from '@chat/contracts';
import type { Db } from '../../db/client';
import { messages } from '../../db/schema';
import { toMessageEntity } from '../messages/message-entity';
import { selectMessages } from '../messages/messages.repository';
import type { ChatEvents } from '../realtime/chat-events';
import { memberIds } from './groups.repository';

/** Who did or underwent an act, by the name they had then. */
export interface Person {
  id: string;
  name: string;
}

/** A line's people: the first few named, and how many in all. */
export const targetsOf = (people: readonly Person[]) => ({
  targets: people.slice(0, SYSTEM_LINE_TARGETS_MAX).map(({ id, name }) => ({ id, name })),
  ...(people.length > SYSTEM_LINE_TARGETS_MAX ? { count: people.length } : {}),
});

/**
 * Writes a system line in the group ('Ana adicionou Bruno'), in the caller's transaction: the act
 * and its line commit together. Authored by the actor, stored READ: it awaits nobody's reading, so
 * it holds back no tick, counts as no one's unread message and mentions nobody.
 */
export async function insertSystemLine(db: Db, groupId: string, line: SystemLine): Promise<string> {
  const [row] = await db
    .insert(messages)
    .values({ authorId: line.actor.id, groupId, contentType: 'system', body: JSON.stringify(line), status: 'READ' })
    .returning({ id: messages.id });
  return row!.id;
}

/** Sends a committed system line as `message` to the group's members now. */
export async function sendSystemLine(db: Db, events: ChatEvents, groupId: string, lineId: string): Promise<Message> {
  const [stored] = await selectMessages(db, { where: eq(messages.id, lineId) });
  const message = toMessageEntity(stored!);
  events.toUsers(await memberIds(db, groupId), 'message', message);
  return message;
}

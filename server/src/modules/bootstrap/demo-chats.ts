import type { Db } from '../../db/client';
import { conversations, groupMembers, groups, messages } from '../../db/schema';
import { DEMO_CONVERSATIONS, DEMO_GROUP, type DemoMessage } from './demo-data';

/**
 * The demo's conversations and group, inside the bootstrap transaction (so, like the accounts, only
 * on an empty database). Messages are inserted oldest first so their seq follows their dates.
 */
export async function seedDemoChats(tx: Db, idsByNick: ReadonlyMap<string, string>, workspaceId: string, now = new Date()) {
  const id = (nick: string) => {
    const found = idsByNick.get(nick);
    if (!found) throw new Error(`membro demo desconhecido: ${nick}`);
    return found;
  };
  const at = (minutesAgo: number) => new Date(now.getTime() - minutesAgo * 60_000);
  const rows = (list: readonly DemoMessage[], target: { conversationId: string } | { groupId: string }, read: boolean) =>
    list.map((m) => ({
      ...target,
      authorId: id(m.from),
      body: m.text,
      status: m.unread ? ('SENT' as const) : read ? ('READ' as const) : ('DELIVERED' as const),
      createdAt: at(m.minutesAgo),
      updatedAt: at(m.minutesAgo),
    }));

  for (const chat of DEMO_CONVERSATIONS) {
    const first = Math.max(...chat.messages.map((m) => m.minutesAgo));
    const [conversation] = await tx
      .insert(conversations)
      .values({ userOneId: id(chat.between[0]), userTwoId: id(chat.between[1]), createdAt: at(first + 1) })
      .returning({ id: conversations.id });
    await tx.insert(messages).values(rows(chat.messages, { conversationId: conversation!.id }, true));
  }

  const first = Math.max(...DEMO_GROUP.messages.map((m) => m.minutesAgo));
  const [group] = await tx
    .insert(groups)
    .values({
      workspaceId,
      name: DEMO_GROUP.name,
      description: DEMO_GROUP.description,
      createdById: id(DEMO_GROUP.admin),
      createdAt: at(first + 1),
    })
    .returning({ id: groups.id });
  await tx
    .insert(groupMembers)
    .values([
      { groupId: group!.id, userId: id(DEMO_GROUP.admin), isAdmin: true },
      ...DEMO_GROUP.members.map((nick) => ({ groupId: group!.id, userId: id(nick), isAdmin: false })),
    ]);
  // Written before the members joined (the list counts none of them as unread); nobody's read
  // watermark has passed them, so they stay DELIVERED until every member has read the group.
  await tx.insert(messages).values(rows(DEMO_GROUP.messages, { groupId: group!.id }, false));
}

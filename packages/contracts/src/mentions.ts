// Mentions without zod: the chat list highlights a mention from the first render, and
// importing these from a schema module would put zod (and its locale) on that first path.
// The schemas that validate mentions live in schemas/message-actions.ts.

/** '@todos': every member of the group (group admins only). */
export const MENTION_ALL = 'todos';

/** How a mention travels inside a message's text: `<@user-id>` or `<@todos>`; the browser renders it as a name. */
export const mentionToken = (target: string) => `<@${target}>`;
export const MENTION_TOKEN_PATTERN = /<@([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|todos)>/gi;

/** The mention targets written in a text, lower case, each once. */
export function mentionTargetsIn(text: string): string[] {
  return [...new Set([...text.matchAll(MENTION_TOKEN_PATTERN)].map((m) => m[1]!.toLowerCase()))];
}

/** Someone else's message that names `userId` or '@todos': it stands out, and notifies even in a silenced chat. */
export const mentionsUser = (message: { authorId: string; deletedAt: string | null; mentions: readonly string[] }, userId: string) =>
  message.authorId !== userId && !message.deletedAt && (message.mentions.includes(userId) || message.mentions.includes(MENTION_ALL));

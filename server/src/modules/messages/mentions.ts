import { MENTION_ALL, MESSAGE_ACTION_ERRORS, mentionTargetsIn } from '@chat/contracts';
import { badRequest, forbidden } from '../../lib/errors';

export interface MentionContext {
  isGroup: boolean;
  contentType: 'text' | 'image' | 'file' | 'audio';
  text: string;
  /** The group's members (groups only). */
  memberIds: readonly string[];
  /** Whether the author is an admin of the group: asked only when '@todos' is used. */
  isAdmin: () => Promise<boolean>;
}

/**
 * The mentions a message may store: groups only, text only, each one written in the
 * text as its token, members of the group only, '@todos' for group admins only. Returns them
 * without repeats (and without the author, who is never notified of their own message).
 */
export async function checkMentions(authorId: string, mentions: readonly string[] | undefined, ctx: MentionContext): Promise<string[]> {
  const wanted = [...new Set(mentions ?? [])];
  if (wanted.length === 0) return [];
  if (!ctx.isGroup) throw badRequest(MESSAGE_ACTION_ERRORS.mentionOutsideGroup);
  if (ctx.contentType !== 'text') throw badRequest(MESSAGE_ACTION_ERRORS.mentionInImage);
  const written = new Set(mentionTargetsIn(ctx.text));
  if (!wanted.every((m) => written.has(m))) throw badRequest(MESSAGE_ACTION_ERRORS.mentionNotInText);
  const members = new Set(ctx.memberIds);
  if (!wanted.every((m) => m === MENTION_ALL || members.has(m))) throw badRequest(MESSAGE_ACTION_ERRORS.mentionNotMember);
  if (wanted.includes(MENTION_ALL) && !(await ctx.isAdmin())) throw forbidden(MESSAGE_ACTION_ERRORS.mentionAllAdminsOnly);
  return wanted.filter((m) => m !== authorId);
}

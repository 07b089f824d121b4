import { MESSAGE_ACTION_LIMITS, type Reaction } from '@chat/contracts';

/**
 * Whether this emoji would be a new distinct one beyond the server's limit: the page
 * does not offer it, so the refusal shows at once, in Portuguese, and no chip appears.
 */
export const beyondReactionLimit = (reactions: readonly Reaction[], emoji: string): boolean =>
  reactions.length >= MESSAGE_ACTION_LIMITS.reactionsPerMessage && !reactions.some((r) => r.emoji === emoji);

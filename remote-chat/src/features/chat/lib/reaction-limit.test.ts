import { describe, expect, it } from 'vitest';
import { MESSAGE_ACTION_LIMITS, type Reaction } from '@chat/contracts';
import { beyondReactionLimit } from './reaction-limit';

const reactions = (n: number): Reaction[] =>
  Array.from({ length: n }, (_, i) => ({ emoji: String.fromCodePoint(0x1f600 + i), users: [{ id: 'u', name: 'U' }] }));

describe('beyondReactionLimit', () => {
  it('refuses a new emoji only once the message has the maximum of distinct ones', () => {
    const max = MESSAGE_ACTION_LIMITS.reactionsPerMessage;
    expect(beyondReactionLimit(reactions(max - 1), '🎉')).toBe(false);
    expect(beyondReactionLimit(reactions(max), '🎉')).toBe(true);
  });

  it('always lets one more person use an emoji already there', () => {
    const full = reactions(MESSAGE_ACTION_LIMITS.reactionsPerMessage);
    expect(beyondReactionLimit(full, full[3]!.emoji)).toBe(false);
  });
});

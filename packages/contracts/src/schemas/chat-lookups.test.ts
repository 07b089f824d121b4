import { describe, expect, it } from 'vitest';
import { messagesAt, parseOk } from '../testing/issues';
import { getUserByIdQuerySchema, messagesPageSchema } from './chat-lookups';

describe('getUserByIdQuerySchema', () => {
  it('needs a uuid', () => {
    expect(messagesAt(getUserByIdQuerySchema, { id: 'x' }, 'id')).toEqual(['Identificador inválido']);
  });
});

describe('messagesPageSchema', () => {
  it('carries hasMore and a nullable cursor', () => {
    expect(parseOk(messagesPageSchema, { messages: [], hasMore: false, nextCursor: null })).toEqual({
      messages: [],
      hasMore: false,
      nextCursor: null,
    });
  });
});

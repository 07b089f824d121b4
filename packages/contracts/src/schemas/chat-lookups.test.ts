import { describe, expect, it } from 'vitest';
import { chars, messagesAt, parseOk } from '../testing/issues';
import { getUserByIdQuerySchema, lookupSearchQuerySchema, messagesPageSchema } from './chat-lookups';

describe('lookupSearchQuerySchema', () => {
  it.each([
    [undefined, []],
    ['', []],
    ['   ', []],
    ['a', ['A busca deve ter pelo menos 2 caracteres']],
    ['ab', []],
    [chars(101), ['A busca deve ter no máximo 100 caracteres']],
  ])('content %j', (content, expected) => {
    expect(messagesAt(lookupSearchQuerySchema, content === undefined ? {} : { content }, 'content')).toEqual(expected);
  });

  it('trims, and lists everything when empty', () => {
    expect(parseOk(lookupSearchQuerySchema, {})).toEqual({ content: '' });
    expect(parseOk(lookupSearchQuerySchema, { content: ' Ana ' })).toEqual({ content: 'Ana' });
  });
});

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

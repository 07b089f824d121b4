import { describe, expect, it } from 'vitest';
import { chars, messagesAt, parseOk } from '../testing/issues';
import {
  createConversationBodySchema,
  getConversationsQuerySchema,
  getMessagesByConversationQuerySchema,
  getMessagesByGroupQuerySchema,
  optionalSearchQuerySchema,
  searchQuerySchema,
} from './conversations';
import { groupIdParamsSchema, idParamsSchema } from './params';

const id = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';
const SEARCH_MIN = 'A busca deve ter pelo menos 2 caracteres';

describe('createConversationBodySchema', () => {
  it('needs the other user id', () => {
    expect(parseOk(createConversationBodySchema, { userTwoId: id })).toEqual({ userTwoId: id });
    expect(messagesAt(createConversationBodySchema, { userTwoId: 'ana' }, 'userTwoId')).toEqual(['Identificador inválido']);
  });
});

describe('searchQuerySchema', () => {
  it.each([
    ['a', [SEARCH_MIN]],
    [' a ', [SEARCH_MIN]],
    ['ab', []],
    [chars(100), []],
    [chars(101), ['A busca deve ter no máximo 100 caracteres']],
  ])('content %j', (content, expected) => {
    expect(messagesAt(searchQuerySchema, { content }, 'content')).toEqual(expected);
  });

  it('trims the content', () => {
    expect(parseOk(searchQuerySchema, { content: '  reunião ' })).toEqual({ content: 'reunião' });
  });

  it('optional search lists all when empty', () => {
    expect(parseOk(optionalSearchQuerySchema, {})).toEqual({ content: '' });
    expect(parseOk(optionalSearchQuerySchema, { content: ' a ' })).toEqual({ content: 'a' });
  });
});

describe('getConversationsQuerySchema', () => {
  it('coerces showEmpty', () => {
    expect(parseOk(getConversationsQuerySchema, { showEmpty: 'true' })).toEqual({ showEmpty: true });
    expect(parseOk(getConversationsQuerySchema, {})).toEqual({});
  });
});

describe.each([
  ['conversationId', getMessagesByConversationQuerySchema],
  ['groupId', getMessagesByGroupQuerySchema],
] as const)('history query by %s', (key, schema) => {
  it('requires the UUID', () => {
    expect(messagesAt(schema, {}, key)).toEqual(['Identificador inválido']);
    expect(messagesAt(schema, { [key]: 'nope' }, key)).toEqual(['Identificador inválido']);
  });

  it('defaults limit to 50 and leaves all/before unset', () => {
    expect(parseOk(schema, { [key]: id })).toEqual({ [key]: id, limit: 50 });
  });

  it('coerces all from true/false', () => {
    expect(parseOk(schema, { [key]: id, all: 'true' }).all).toBe(true);
    expect(parseOk(schema, { [key]: id, all: 'false' }).all).toBe(false);
    expect(messagesAt(schema, { [key]: id, all: 'sim' }, 'all')).toEqual(['Valor deve ser true ou false']);
  });

  it.each([
    ['0', ['O limite deve ser entre 1 e 100']],
    ['1', []],
    ['100', []],
    ['101', ['O limite deve ser entre 1 e 100']],
    ['2.5', ['O limite deve ser entre 1 e 100']],
  ])('limit %j', (limit, expected) => {
    expect(messagesAt(schema, { [key]: id, limit }, 'limit')).toEqual(expected);
  });

  it('keeps the before cursor', () => {
    expect(parseOk(schema, { [key]: id, before: 'cursor-1', limit: '20' })).toEqual({ [key]: id, before: 'cursor-1', limit: 20 });
    expect(messagesAt(schema, { [key]: id, before: '' }, 'before')).toEqual(['Cursor inválido']);
  });
});

describe('route params', () => {
  it('validate ids', () => {
    expect(parseOk(idParamsSchema, { id })).toEqual({ id });
    expect(messagesAt(groupIdParamsSchema, { groupId: '../x' }, 'groupId')).toEqual(['Identificador inválido']);
  });
});

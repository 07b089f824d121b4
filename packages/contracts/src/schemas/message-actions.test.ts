import { describe, expect, it } from 'vitest';
import { chars, messagesAt, parseOk } from '../testing/issues';
import { editMessageBodySchema, isEmoji, muteBodySchema, reactionBodySchema, reactionParamsSchema } from './message-actions';
import { MENTION_ALL, mentionTargetsIn, mentionToken } from '../mentions';
import { sendMessageBodySchema } from './messages';

const id = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';
const other = '3f2504e0-4f89-41d3-9a0c-0305e82c3302';

describe('editMessageBodySchema', () => {
  it('follows the rule of a new message', () => {
    expect(parseOk(editMessageBodySchema, { body: '  corrigido ' })).toEqual({ body: 'corrigido' });
    expect(messagesAt(editMessageBodySchema, { body: '  ' }, 'body')).toEqual(['Mensagem é obrigatória']);
    expect(messagesAt(editMessageBodySchema, { body: chars(2001) }, 'body')).toEqual(['Mensagem deve ter no máximo 2000 caracteres']);
  });

  it('takes mentions as ids or todos, lower-cased', () => {
    expect(parseOk(editMessageBodySchema, { body: 'x', mentions: [id.toUpperCase(), 'todos'] }).mentions).toEqual([id, MENTION_ALL]);
    expect(messagesAt(editMessageBodySchema, { body: 'x', mentions: ['ana'] }, 'mentions.0')).toEqual(['Menção inválida']);
    expect(messagesAt(editMessageBodySchema, { body: 'x', mentions: Array(51).fill(id) }, 'mentions')).toEqual(['Menção inválida']);
  });
});

describe('send with reply and mentions', () => {
  const send = { conversationId: id, isGroup: true, content: { type: 'text', body: `oi ${mentionToken(other)}` }, clientId: 'c' };
  it('accepts replyToId and mentions', () => {
    expect(parseOk(sendMessageBodySchema, { ...send, replyToId: other, mentions: [other] })).toMatchObject({
      replyToId: other,
      mentions: [other],
    });
  });
  it('refuses a malformed replyToId', () => {
    expect(messagesAt(sendMessageBodySchema, { ...send, replyToId: 'abc' }, 'replyToId')).toEqual(['Identificador inválido']);
  });
});

describe('mention tokens', () => {
  it('are found in a text, each once', () => {
    expect(mentionTargetsIn(`${mentionToken(id)} e ${mentionToken(MENTION_ALL)} e ${mentionToken(id)} <@ana>`)).toEqual([id, 'todos']);
  });
});

describe('emoji', () => {
  it.each(['👍', '❤️', '🇧🇷', '👩‍💻', '1️⃣', '👍🏽'])('accepts %s', (emoji) => {
    expect(isEmoji(emoji)).toBe(true);
    expect(parseOk(reactionBodySchema, { emoji })).toEqual({ emoji });
  });
  it.each(['', 'a', '1', 'ok', '👍 ', '<b>', '👍a', '#'])('refuses %j', (emoji) => {
    expect(messagesAt(reactionBodySchema, { emoji }, 'emoji')).toEqual(['Emoji inválido']);
  });
  it('checks the path parameters of a reaction removal', () => {
    expect(parseOk(reactionParamsSchema, { id, emoji: '🎉' })).toEqual({ id, emoji: '🎉' });
    expect(messagesAt(reactionParamsSchema, { id, emoji: 'x'.repeat(40) }, 'emoji')).toEqual(['Emoji inválido']);
  });
});

describe('muteBodySchema', () => {
  it('takes a boolean only', () => {
    expect(parseOk(muteBodySchema, { muted: true })).toEqual({ muted: true });
    expect(messagesAt(muteBodySchema, { muted: 'sim' }, 'muted')).toEqual(['muted deve ser verdadeiro ou falso']);
  });
});

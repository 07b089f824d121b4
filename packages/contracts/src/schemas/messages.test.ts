import { describe, expect, it } from 'vitest';
import { chars, messagesAt, parseOk } from '../testing/issues';
import {
  generatePublicMediaUrlBodySchema,
  messageFormSchema,
  generatePublicMediaUrlResponseSchema,
  publicUrlFromUploadUrl,
  sendMessageBodySchema,
  validateImageFile,
} from './messages';

const TOO_LONG = 'Mensagem deve ter no máximo 2000 caracteres';

describe('messageFormSchema', () => {
  it.each([
    ['', ['Mensagem é obrigatória']],
    ['   \n\t', ['Mensagem é obrigatória']],
    ['a', []],
    [chars(2000), []],
    [chars(2001), [TOO_LONG]],
  ])('text %#', (text, expected) => {
    expect(messagesAt(messageFormSchema, { text }, 'text')).toEqual(expected);
  });

  it('trims the text', () => {
    expect(parseOk(messageFormSchema, { text: '  oi\n' })).toEqual({ text: 'oi' });
    expect(messagesAt(messageFormSchema, { text: ` ${chars(2000)} ` }, 'text')).toEqual([]);
  });
});

const conversationId = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';
const send = { conversationId, isGroup: false, content: { type: 'text', body: 'Olá' }, clientId: 'c-1' };

describe('sendMessageBodySchema', () => {
  it('accepts a text message', () => {
    expect(parseOk(sendMessageBodySchema, { ...send, content: { type: 'text', body: '  Olá ' } }).content.body).toBe('Olá');
  });

  it('accepts an image message with an http(s) URL', () => {
    const image = { type: 'image', body: 'https://chat.example/media/avatars/1-a.png' };
    expect(parseOk(sendMessageBodySchema, { ...send, isGroup: true, content: image }).content).toEqual(image);
  });

  it.each([
    ['', ['Mensagem é obrigatória']],
    ['  ', ['Mensagem é obrigatória']],
    [chars(2000), []],
    [chars(2001), [TOO_LONG]],
  ])('text body %#', (body, expected) => {
    expect(messagesAt(sendMessageBodySchema, { ...send, content: { type: 'text', body } }, 'content.body')).toEqual(expected);
  });

  it('an image may carry a caption: trimmed, with the text limit and visible-text rule, in Portuguese', () => {
    const image = { type: 'image', body: 'https://chat.example/media/avatars/1-a.png' };
    const at = (caption: unknown) => messagesAt(sendMessageBodySchema, { ...send, content: { ...image, caption } }, 'content.caption');
    expect(parseOk(sendMessageBodySchema, { ...send, content: { ...image, caption: '  Reunião *amanhã*\n' } }).content).toEqual({
      ...image,
      caption: 'Reunião *amanhã*',
    });
    expect(at(chars(2000))).toEqual([]);
    expect(at(chars(2001))).toEqual(['Legenda deve ter no máximo 2000 caracteres']);
    expect(at('\u200B\u200B')).toEqual(['A legenda precisa ter texto visível']);
    expect(at(42)).toEqual(['Legenda inválida']);
    // Blank is no caption: accepted, and the server stores none.
    expect(at('   ')).toEqual([]);
    // A text message has no caption: it is dropped.
    expect(parseOk(sendMessageBodySchema, { ...send, content: { type: 'text', body: 'oi', caption: 'x' } }).content).toEqual({
      type: 'text',
      body: 'oi',
    });
  });

  it.each(['javascript:alert(1)', 'data:image/png;base64,AAAA', 'not a url', ''])('refuses image body %j', (body) => {
    expect(messagesAt(sendMessageBodySchema, { ...send, content: { type: 'image', body } }, 'content.body')).toEqual([
      'URL da imagem inválida',
    ]);
  });

  it('refuses an unknown content type', () => {
    expect(messagesAt(sendMessageBodySchema, { ...send, content: { type: 'video', body: 'x' } }, 'content.type')).toEqual([
      'Tipo de conteúdo inválido',
    ]);
  });

  it('needs a UUID target, a boolean isGroup and a clientId of 1–100 characters', () => {
    expect(messagesAt(sendMessageBodySchema, { ...send, conversationId: 'abc' }, 'conversationId')).toEqual(['Identificador inválido']);
    expect(messagesAt(sendMessageBodySchema, { ...send, isGroup: 'false' }, 'isGroup')).toEqual(['isGroup deve ser verdadeiro ou falso']);
    expect(messagesAt(sendMessageBodySchema, { ...send, clientId: '' }, 'clientId')).toEqual(['Identificador do cliente inválido']);
    expect(messagesAt(sendMessageBodySchema, { ...send, clientId: chars(100) }, 'clientId')).toEqual([]);
    expect(messagesAt(sendMessageBodySchema, { ...send, clientId: chars(101) }, 'clientId')).toEqual(['Identificador do cliente inválido']);
  });
});

describe('validateImageFile', () => {
  const MB = 1024 * 1024;
  it.each([
    [{ type: 'image/png', size: 1 }, null],
    [{ type: 'image/jpeg', size: 10 * MB }, null],
    [{ type: 'image/gif', size: 10 }, null],
    [{ type: 'image/webp', size: 10 }, null],
    [{ type: 'IMAGE/PNG', size: 10 }, null],
    [{ type: 'image/png', size: 10 * MB + 1 }, 'Arquivo muito grande (máx 10MB)'],
    [{ type: 'application/pdf', size: 10 }, 'Tipo de arquivo inválido'],
    [{ type: 'text/html', size: 10 }, 'Tipo de arquivo inválido'],
    [{ type: '', size: 10 }, 'Tipo de arquivo inválido'],
    [{ type: 'image/svg+xml', size: 10 }, 'Tipo de arquivo inválido'],
    [{ type: 'video/mp4', size: 20 * MB }, 'Tipo de arquivo inválido'],
  ])('%j -> %j', (file, expected) => {
    expect(validateImageFile(file)).toBe(expected);
  });
});

describe('generatePublicMediaUrlBodySchema', () => {
  const body = { fileName: 'foto.png', contentType: 'image/png', folder: 'avatars' };
  it('accepts an image upload request', () => {
    expect(parseOk(generatePublicMediaUrlBodySchema, body)).toEqual(body);
  });

  it('refuses other content types, folders and names', () => {
    expect(messagesAt(generatePublicMediaUrlBodySchema, { ...body, contentType: 'text/html' }, 'contentType')).toEqual([
      'Tipo de arquivo inválido',
    ]);
    expect(messagesAt(generatePublicMediaUrlBodySchema, { ...body, folder: '../etc' }, 'folder')).toEqual(['Pasta inválida']);
    expect(messagesAt(generatePublicMediaUrlBodySchema, { ...body, fileName: ' ' }, 'fileName')).toEqual(['Nome do arquivo inválido']);
    expect(messagesAt(generatePublicMediaUrlBodySchema, { ...body, fileName: chars(256) }, 'fileName')).toEqual([
      'Nome do arquivo deve ter no máximo 255 caracteres',
    ]);
  });
});

describe('publicUrlFromUploadUrl', () => {
  it('drops the query string', () => {
    expect(publicUrlFromUploadUrl('https://h/media/avatars/1-a.png?exp=1&sig=abc')).toBe('https://h/media/avatars/1-a.png');
    expect(publicUrlFromUploadUrl('https://h/media/avatars/1-a.png')).toBe('https://h/media/avatars/1-a.png');
  });
});

describe('generatePublicMediaUrlResponseSchema', () => {
  it("takes a bucket's signed headers as a map of strings, and nothing else", () => {
    const signed = { url: 'https://b/k?sig', headers: { 'content-type': 'image/png', 'if-none-match': '*' }, publicUrl: 'https://b/k' };
    expect(generatePublicMediaUrlResponseSchema.parse(signed)).toEqual(signed);
    expect(generatePublicMediaUrlResponseSchema.parse({ url: 'https://h/media/a.png?sig' })).toEqual({ url: 'https://h/media/a.png?sig' });
    expect(generatePublicMediaUrlResponseSchema.safeParse({ url: 'u', headers: { 'content-length': 12 } }).success).toBe(false);
    expect(generatePublicMediaUrlResponseSchema.safeParse({ url: 'u', headers: 'content-type: x' }).success).toBe(false);
  });
});

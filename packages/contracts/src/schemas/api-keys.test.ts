import { describe, expect, it } from 'vitest';
import { messagesAt, parseOk } from '../testing/issues';
import { API_KEY_PATTERN, apiKeyFormSchema, createApiKeyBodySchema } from './api-keys';

describe('apiKeyFormSchema', () => {
  it('requires a name', () => {
    expect(messagesAt(apiKeyFormSchema, { name: '', permissions: 'READ_ONLY' }, 'name')).toEqual(['Nome é obrigatório']);
    expect(messagesAt(apiKeyFormSchema, { name: '   ', permissions: 'READ_ONLY' }, 'name')).toEqual(['Nome é obrigatório']);
    expect(messagesAt(apiKeyFormSchema, { permissions: 'READ_ONLY' }, 'name')).toEqual(['Nome é obrigatório']);
  });

  it('accepts FULL_ACCESS and READ_ONLY only', () => {
    expect(parseOk(apiKeyFormSchema, { name: 'Integração', permissions: 'FULL_ACCESS' }).permissions).toBe('FULL_ACCESS');
    expect(parseOk(apiKeyFormSchema, { name: 'Integração', permissions: 'READ_ONLY' }).permissions).toBe('READ_ONLY');
    expect(messagesAt(apiKeyFormSchema, { name: 'x', permissions: 'ADMIN' }, 'permissions')).toEqual(['Permissão inválida']);
    expect(messagesAt(apiKeyFormSchema, { name: 'x', permissions: 'read_only' }, 'permissions')).toEqual(['Permissão inválida']);
  });
});

describe('createApiKeyBodySchema', () => {
  it('accepts the key the original spec has the browser send, or none: the server makes the key and ignores it', () => {
    expect(parseOk(createApiKeyBodySchema, { name: 'CI', permissions: 'READ_ONLY', key: 'abcDEF123xyz' }).name).toBe('CI');
    expect(parseOk(createApiKeyBodySchema, { name: 'CI', permissions: 'READ_ONLY' }).key).toBeUndefined();
    expect(messagesAt(createApiKeyBodySchema, { name: 'CI', permissions: 'READ_ONLY', key: 12 }, 'key')).toEqual(['Chave de API inválida']);
  });
});

describe('API_KEY_PATTERN', () => {
  it.each([
    ['papo_' + 'aB3'.repeat(10) + 'xy', true],
    ['abcDEF123xyz', true],
    ['papo_' + 'a'.repeat(31), false],
    ['papo_' + 'a'.repeat(31) + '-', false],
    ['abcDEF123xy', false],
    ['abcDEF123xyé', false],
  ])('%j is shaped like a key: %s', (key, ok) => {
    expect(API_KEY_PATTERN.test(key)).toBe(ok);
  });
});

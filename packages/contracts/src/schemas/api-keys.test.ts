import { describe, expect, it } from 'vitest';
import { messagesAt, parseOk } from '../testing/issues';
import { API_KEY_ALPHABET, apiKeyFormSchema, createApiKeyBodySchema, generateApiKey } from './api-keys';

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
  const body = { name: 'CI', permissions: 'READ_ONLY', key: 'abcDEF123xyz' };
  it.each([
    ['abcDEF123xyz', true],
    ['abcDEF123xy', false],
    ['abcDEF123xyzz', false],
    ['abcDEF123xy-', false],
    ['abcDEF123xyé', false],
  ])('key %j valid: %s', (key, ok) => {
    expect(messagesAt(createApiKeyBodySchema, { ...body, key }, 'key')).toEqual(ok ? [] : ['Chave de API inválida']);
  });
});

describe('generateApiKey', () => {
  it('makes 12 alphanumerics that the create body accepts', () => {
    const key = generateApiKey();
    expect(key).toMatch(/^[A-Za-z0-9]{12}$/);
    expect(parseOk(createApiKeyBodySchema, { name: 'x', permissions: 'FULL_ACCESS', key }).key).toBe(key);
  });

  it('does not repeat itself', () => {
    const keys = new Set(Array.from({ length: 1000 }, () => generateApiKey()));
    expect(keys.size).toBe(1000);
  });

  it('discards bytes at or above 248 instead of folding them (no modulo bias)', () => {
    const first = new Uint8Array(32).fill(248).map((b, i) => b + (i % 8)); // 248..255 only
    const second = new Uint8Array(32).map((_, i) => i); // 0..31
    const buffers = [first, second];
    const key = generateApiKey((buf) => {
      buf.set(buffers.shift() ?? new Uint8Array(buf.length));
      return buf;
    });
    expect(key).toBe(API_KEY_ALPHABET.slice(0, 12));
  });

  it('maps each accepted byte to alphabet[byte % 62]', () => {
    const bytes = [61, 247, 62, 0, 186, 1, 2, 3, 4, 5, 6, 7];
    const key = generateApiKey((buf) => {
      buf.set(bytes);
      return buf;
    });
    expect(key).toBe('99AAABCDEFGH');
  });

  it('uses every letter about equally often', () => {
    const counts = new Map<string, number>();
    for (let i = 0; i < 5000; i++) for (const ch of generateApiKey()) counts.set(ch, (counts.get(ch) ?? 0) + 1);
    expect(counts.size).toBe(62);
    const first8 = [...API_KEY_ALPHABET.slice(0, 8)].reduce((s, ch) => s + (counts.get(ch) ?? 0), 0) / 8;
    const rest = [...API_KEY_ALPHABET.slice(8)].reduce((s, ch) => s + (counts.get(ch) ?? 0), 0) / 54;
    // With `byte % 62` the first 8 letters would come 25% more often (5/256 against 4/256).
    expect(first8 / rest).toBeGreaterThan(0.9);
    expect(first8 / rest).toBeLessThan(1.1);
  });
});

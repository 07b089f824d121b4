import Fastify from 'fastify';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { conflict } from '../lib/errors';
import { zodValidatorCompiler } from '../lib/validation';
import { frameworkErrors, registerErrorHandler } from './error-handler';

async function app() {
  const a = Fastify({ logger: false, bodyLimit: 100, frameworkErrors });
  a.setValidatorCompiler(zodValidatorCompiler);
  registerErrorHandler(a);
  a.get('/boom', async () => {
    throw new Error('senha do banco: hunter2');
  });
  a.get('/conflict', async () => {
    throw conflict('E-mail já cadastrado');
  });
  a.post('/full', async () => {
    throw Object.assign(new Error('Failed query: insert into "messages" ... params: texto da mensagem'), {
      cause: { code: '53100', severity: 'ERROR', message: 'could not extend file "base/5/16395": No space left on device' },
    });
  });
  a.get('/item/:id', async (r) => r.params);
  a.post('/echo', { schema: { body: z.object({ list: z.array(z.object({ n: z.number() })) }) } }, async (r) => r.body);
  return a;
}

describe('error handler', () => {
  it('hides the internals of a 5xx', async () => {
    const res = await (await app()).inject({ method: 'GET', url: '/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ statusCode: 500, error: 'Internal Server Error', message: 'Erro interno do servidor' });
    expect(res.body).not.toContain('hunter2');
  });

  it('answers a write refused by a full disk (SQLSTATE 53100) with 507 and a Portuguese message', async () => {
    const res = await (await app()).inject({ method: 'POST', url: '/full' });
    expect(res.statusCode).toBe(507);
    expect(res.json()).toEqual({
      statusCode: 507,
      error: 'Insufficient Storage',
      message: 'Sem espaço em disco no servidor. Tente novamente mais tarde.',
    });
    expect(res.body).not.toContain('texto da mensagem');
  });

  it('turns domain errors into their status and Portuguese message', async () => {
    const res = await (await app()).inject({ method: 'GET', url: '/conflict' });
    expect(res.json()).toEqual({ statusCode: 409, error: 'Conflict', message: 'E-mail já cadastrado' });
  });

  it('keeps nested issue paths as arrays', async () => {
    const res = await (await app()).inject({ method: 'POST', url: '/echo', payload: { list: [{ n: 1 }, { n: 'x' }] } });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual([{ path: ['list', 1, 'n'], message: expect.stringContaining('número') }]);
  });

  it('translates Fastify client errors (body too large, unsupported type)', async () => {
    const a = await app();
    const big = await a.inject({ method: 'POST', url: '/echo', payload: { list: Array(50).fill({ n: 1 }) } });
    expect(big.json()).toEqual({ statusCode: 413, error: 'Payload Too Large', message: 'Conteúdo muito grande' });
    const xml = await a.inject({ method: 'POST', url: '/echo', headers: { 'content-type': 'application/xml' }, payload: '<a/>' });
    expect(xml.json()).toEqual({ statusCode: 415, error: 'Unsupported Media Type', message: 'Tipo de conteúdo não suportado' });
  });

  // Found by the bad-input proof: the router answered these in English, outside the handler.
  it('answers the router’s own refusals (over-long parameter, malformed URL) in the error shape', async () => {
    const a = await app();
    const long = await a.inject({ method: 'GET', url: `/item/${'9'.repeat(200)}` });
    expect(long.json()).toEqual({ statusCode: 414, error: 'URI Too Long', message: 'Endereço muito longo' });
    const bad = await a.inject({ method: 'GET', url: '/item/%E0%A4%A' });
    expect(bad.json()).toEqual({ statusCode: 400, error: 'Bad Request', message: 'Requisição inválida' });
  });

  // Also found by it: PostgreSQL text cannot hold NUL, so a search for "a\0b" failed the query (500).
  it('refuses a NUL character anywhere in the input with a 400 naming the field', async () => {
    const res = await (await app()).inject({ method: 'POST', url: '/echo', payload: { list: [{ n: 1, ['x\u0000']: 1 }] } });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual([{ path: ['list', 0, 'x\u0000'], message: 'Caractere nulo não é permitido' }]);
  });
});

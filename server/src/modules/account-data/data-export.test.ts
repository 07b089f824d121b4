import { existsSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_DATA_ERRORS, type DataExportState } from '@chat/contracts';
import { dataExports } from '../../db/schema';
import { expectStatus } from '../../test/chat-helpers';
import { createTestApp, type TestApp } from '../../test/harness';
import { readOutbox } from '../../test/outbox';
import { asSession, type Pair, seedPair } from '../../test/person-pair';
import { closeAll, type Listener, listen, nextEvent } from '../../test/socket-helpers';
import { readZip } from '../../test/zip-reader';
import { exportFilePath } from '../exports/export-jobs';

// 'Baixar meus dados': a background zip of exactly the person's data, announced by the socket
// and by e-mail, downloadable with their session for 24 hours.

let t: TestApp;
let clockOffsetMs = 0;
let pair: Pair;
const listeners: Listener[] = [];

beforeAll(async () => {
  t = await createTestApp({ seedDemo: false, app: { now: () => new Date(Date.now() + clockOffsetMs) } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  pair = await seedPair(t.app, { me: 'Marina Exporta', peer: 'Pedro Alheio' }, 'exp');
});
afterEach(() => closeAll(t.app, listeners));
afterAll(() => t?.close());

const status = async (who = pair.me) =>
  expectStatus<DataExportState>(await asSession(t.app, who).get('/user/me/export/status'), 200).export;

async function download(who = pair.me) {
  const res = await t.app.inject({ method: 'GET', url: '/api/user/me/export', headers: { authorization: `Bearer ${who.sessionToken}` } });
  return res;
}

describe('POST /api/user/me/export', () => {
  it('builds the zip in the background, one at a time, and announces it by socket and e-mail', async () => {
    const { me } = pair;
    const socket = await listen(t.app, { ...me, token: me.sessionToken });
    listeners.push(socket);
    const ready = nextEvent<{ expiresAt: string }>(socket, 'data-export:ready');
    const [first, second] = await Promise.all([
      asSession(t.app, me).post('/user/me/export', {}),
      asSession(t.app, me).post('/user/me/export', {}),
    ]);
    const statuses = [first.statusCode, second.statusCode].sort();
    expect(statuses).toEqual([202, 409]);
    const refused = first.statusCode === 409 ? first : second;
    expect(refused.json().message).toBe(ACCOUNT_DATA_ERRORS.exportRunning);

    const { expiresAt } = await ready;
    await t.app.dataExportJobs.idle();
    const state = await status();
    expect(state).toMatchObject({ status: 'ready', expiresAt });
    expect(new Date(expiresAt).getTime() - new Date(state!.readyAt!).getTime()).toBe(24 * 60 * 60 * 1000);

    const mail = readOutbox(t.env.dataDir).find((m) => m.to === me.email && m.subject.includes('dados'));
    expect(mail?.text).toContain(`${new URL(t.env.appUrl).origin}/auth/settings/meus-dados`);
  });

  it('holds exactly the person’s data: profile, sessions, messages with chat and date, reactions, own files; nothing of the peer', async () => {
    const { me, peer, conversation, group } = pair;
    const res = await download();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="papo-meus-dados-\d{4}-\d{2}-\d{2}\.zip"$/);
    const zip = await readZip(res.rawPayload);

    const profile = JSON.parse(zip.get('perfil.json')!.toString());
    expect(profile).toMatchObject({ id: me.id, name: me.name, nickName: me.nickName, email: me.email });
    expect(JSON.stringify(profile)).not.toMatch(/hash/i);
    const sessions = JSON.parse(zip.get('sessoes.json')!.toString()) as unknown[];
    expect(sessions).toHaveLength(1);

    const messages = JSON.parse(zip.get('mensagens.json')!.toString()) as Array<{
      text: string | null;
      chat: { id: string; name: string };
      createdAt: string;
      type: string;
    }>;
    expect(messages.map((m) => m.type).sort()).toEqual(['image', 'text', 'text']);
    expect(messages.find((m) => m.text === me.texts[0])!.chat).toEqual({
      kind: 'conversa',
      id: conversation.id,
      name: `Conversa com ${peer.name}`,
    });
    expect(messages.find((m) => m.text === me.texts[1])!.chat).toEqual({ kind: 'grupo', id: group.id, name: group.name });
    expect(messages.every((m) => !Number.isNaN(Date.parse(m.createdAt)))).toBe(true);

    const reactions = JSON.parse(zip.get('reacoes.json')!.toString()) as Array<{ emoji: string }>;
    expect(reactions.map((r) => r.emoji)).toEqual(['🎉']);

    const myKey = new URL(me.imageUrl).pathname.replace('/media/', '');
    const peerKey = new URL(peer.imageUrl).pathname.replace('/media/', '');
    const files = [...zip.keys()].filter((name) => name.startsWith('arquivos/'));
    expect(files).toEqual([`arquivos/${myKey}`]);
    expect(zip.get(`arquivos/${myKey}`)!.length).toBeGreaterThan(0);

    const html = zip.get('index.html')!.toString();
    expect(html).toContain('<html lang="pt-BR">');
    expect(html).toContain(me.texts[0]);
    expect(html).toContain(`href="arquivos/${myKey}"`);

    // Nothing of the peer anywhere: their words, e-mail, nickName, file, reaction. Their name only
    // labels the conversation, as the person's own chat list showed it.
    const everything = [...zip.entries()]
      .map(([name, bytes]) => `${name}\n${bytes.toString('latin1')}\n${bytes.toString('utf8')}`)
      .join('\n');
    for (const secret of [...peer.texts, peer.email, peer.nickName, peerKey, '👀', peer.id]) expect(everything).not.toContain(secret);
    expect(everything.replaceAll(`Conversa com ${peer.name}`, '')).not.toContain(peer.name);
  });

  it('escapes what people wrote in the index page', async () => {
    const { me, conversation } = pair;
    await asSession(t.app, me).post('/message/send', {
      conversationId: conversation.id,
      isGroup: false,
      clientId: `xss-${Date.now()}`,
      content: { type: 'text', body: '<script>alert("x")</script> & <b>' },
    });
    expectStatus(await asSession(t.app, me).post('/user/me/export', {}), 202);
    await t.app.dataExportJobs.idle();
    const html = (await readZip((await download()).rawPayload)).get('index.html')!.toString();
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;b&gt;');
  });

  it('downloads only with the person’s own session: another member has none, an API key is refused', async () => {
    expect((await download(pair.peer)).statusCode).toBe(404);
    expect((await download(pair.peer)).json().message).toBe(ACCOUNT_DATA_ERRORS.exportNotReady);
    expect((await t.app.inject({ method: 'GET', url: '/api/user/me/export' })).statusCode).toBe(401);
    const key = expectStatus<{ key: string }>(
      await asSession(t.app, pair.me).post('/api-key/create', { name: 'Integração', permissions: 'FULL_ACCESS' }),
      200,
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/user/me/export', headers: { 'x-api-key': key.key } })).statusCode).toBe(403);
  });

  it('a job left running by a process that died is taken again; one left pending by a restart is done after it', async () => {
    const { peer } = pair;
    const [row] = await t.app.ctx.db
      .insert(dataExports)
      .values({ userId: peer.id, status: 'running', leaseUntil: sql`now() - interval '1 minute'`, attempts: 1 })
      .returning();
    t.app.dataExportJobs.kick();
    await t.app.dataExportJobs.idle();
    expect(await status(peer)).toMatchObject({ id: row!.id, status: 'ready' });

    await t.app.ctx.db.delete(dataExports).where(eq(dataExports.userId, peer.id));
    await t.app.ctx.db.insert(dataExports).values({ userId: peer.id });
    const app = await t.restart();
    await app.listen({ port: 0, host: '127.0.0.1' });
    await app.ready();
    await app.dataExportJobs.idle();
    expect((await status(peer))?.status).toBe('ready');
  });

  it('expires after 24 hours: the link answers 404, the file is removed and the state says expired', async () => {
    const before = await status();
    expect(before?.status).toBe('ready');
    const file = exportFilePath(t.env.dataDir, before!.id);
    expect(existsSync(file)).toBe(true);
    clockOffsetMs = 24 * 60 * 60 * 1000 + 60_000;
    try {
      expect((await download()).statusCode).toBe(404);
      t.app.dataExportJobs.kick();
      await t.app.dataExportJobs.idle();
      expect(existsSync(file)).toBe(false);
      expect(await status()).toMatchObject({ id: before!.id, status: 'expired' });
    } finally {
      clockOffsetMs = 0;
    }
  });
});

import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Conversation, EMAIL_DIGEST_TEXTS, type Group, mentionToken, type Message } from '@chat/contracts';
import { emailDigests, messages } from '../../db/schema';
import { as, createTeam, createUser, expectStatus, textMessage, type TestUser } from '../../test/chat-helpers';
import { createTestApp, startPeerApp, type TestApp } from '../../test/harness';
import { type OutboxMail, readOutbox } from '../../test/outbox';
import { closeAll, type Listener, listenAll } from '../../test/socket-helpers';
import { claimDigest, digestItems } from './email-digest.repository';
import { roundIntervalMs } from './email-digests';

// The e-mail digest end to end: messages to people with no tab open, a wait past a short
// EMAIL_DIGEST_DELAY, a round run by hand (app.ctx.digests.runOnce), and the .eml the outbox holds.

const DELAY_S = 1;
let t: TestApp;
const listeners: Listener[] = [];

beforeAll(async () => {
  t = await createTestApp({
    seedDemo: false,
    env: { EMAIL_DIGEST_DELAY: String(DELAY_S), APP_URL: 'https://papo.exemplo' },
    app: { emailDigestRounds: false },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterEach(() => closeAll(t.app, listeners));
afterAll(() => t?.close());

/** Waits past the delay. */
const later = () => new Promise((resolve) => setTimeout(resolve, DELAY_S * 1000 + 100));
const round = async (app: FastifyInstance = t.app) => {
  await app.ctx.digests.settled();
  await app.ctx.digests.runOnce();
};
const mailsTo = (user: TestUser): OutboxMail[] => readOutbox(t.env.dataDir).filter((m) => m.to === user.email);

const conversation = async (a: TestUser, b: TestUser) =>
  expectStatus<Conversation>(await as(t.app, a).post('/conversation/create', { userTwoId: b.id }), 200);
const group = async (admin: TestUser, name: string, members: TestUser[]) =>
  expectStatus<Group>(await as(t.app, admin).post('/group/create', { name, description: '', members: members.map((m) => m.id) }), 200);
const send = async (who: TestUser, chatId: string, body: string, options: { isGroup?: boolean; mentions?: string[] } = {}) =>
  expectStatus<Message>(
    await as(t.app, who).post('/message/send', { ...textMessage(chatId, body, { isGroup: options.isGroup }), mentions: options.mentions }),
    200,
  );
const settings = (user: TestUser, changes: object) =>
  as(t.app, user).put('/notification-settings', {
    level: 'all',
    quietHours: null,
    timeZone: 'UTC',
    sound: true,
    emailDigest: true,
    ...changes,
  });

/** The HTML part, decoded from its base64. */
const htmlOf = (mail: OutboxMail) => {
  const part = /Content-Type: text\/html[^\r]*\r\nContent-Transfer-Encoding: base64\r\n\r\n([A-Za-z0-9+/=\r\n]+)/.exec(mail.raw);
  return Buffer.from(part![1]!.replace(/\r\n/g, ''), 'base64').toString('utf8');
};

describe('a digest for someone who was away', () => {
  let ana: TestUser, bruno: TestUser, carla: TestUser;
  let mail: OutboxMail;

  beforeAll(async () => {
    const workspace = (await createTeam(t.app, ['Ana <b>Resumo</b>']))[0];
    ana = workspace;
    bruno = await createUser(t.app, ana.workspaceId, { name: 'Bruno Resumo' });
    carla = await createUser(t.app, ana.workspaceId, { name: 'Carla Resumo' });
    const chat = await conversation(ana, bruno);
    const obra = await group(carla, 'Obra & Cia', [ana, bruno]);
    await send(ana, chat.id, 'Chego às 10h');
    await send(ana, chat.id, 'Traz o <contrato>?');
    await send(carla, obra.id, 'sem menção: fica fora', { isGroup: true });
    await send(carla, obra.id, `Olá ${mentionToken(bruno.id)}, veja a planta`, { isGroup: true, mentions: [bruno.id] });
    await round();
    expect(mailsTo(bruno)).toEqual([]);
    await later();
    await round();
    mail = mailsTo(bruno)[0]!;
  });

  it('arrives once the delay has passed: one e-mail listing each chat, its count and previews', () => {
    expect(mailsTo(bruno)).toHaveLength(1);
    expect(mail.subject).toBe('Você tem 3 mensagens sem ler no Papo');
    expect(mail.text).toContain('Olá, Bruno Resumo!');
    expect(mail.text).toContain('Ana <b>Resumo</b> (2 mensagens)');
    expect(mail.text).toMatch(/\d\d:\d\d Chego às 10h/);
    expect(mail.text).toContain('Traz o <contrato>?');
    expect(mail.text).toContain('Obra & Cia (1 mensagem)');
    expect(mail.text).toContain('Carla Resumo: Olá @Bruno Resumo, veja a planta');
    expect(mail.text).not.toContain('sem menção');
    // The chat with the newest message first.
    expect(mail.text.indexOf('Obra & Cia')).toBeLessThan(mail.text.indexOf('Ana <b>Resumo</b> ('));
  });

  it('links each chat, the app, and a way out; the HTML escapes what people wrote', () => {
    expect(mail.link).toBe('https://papo.exemplo/auth/conversations');
    expect(mail.text).toMatch(/^ {2}https:\/\/papo\.exemplo\/auth\/conversations\/[0-9a-f-]{36}\/conversation$/m);
    expect(mail.text).toMatch(/^ {2}https:\/\/papo\.exemplo\/auth\/conversations\/[0-9a-f-]{36}\/group$/m);
    expect(mail.text).toMatch(/^https:\/\/papo\.exemplo\/api\/email-digest\/unsubscribe\?token=\S+$/m);
    expect(mail.headers['list-unsubscribe']).toMatch(/^<https:\/\/papo\.exemplo\/api\/email-digest\/unsubscribe\?token=/);
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    const html = htmlOf(mail);
    expect(html).toContain('Ana &lt;b&gt;Resumo&lt;/b&gt;');
    expect(html).toContain('Traz o &lt;contrato&gt;?');
    expect(html).toContain('Obra &amp; Cia');
    expect(html).not.toContain('<b>Resumo</b>');
  });

  it('never lists the same messages twice', async () => {
    await later();
    await round();
    expect(mailsTo(bruno)).toHaveLength(1);
    const [row] = await t.app.ctx.db.select().from(emailDigests).where(eq(emailDigests.userId, bruno.id));
    expect(row!.pendingSince).toBeNull();
  });

  it('the next digest lists only what came after, once the delay has passed again', async () => {
    const chat = await conversation(ana, bruno);
    await send(ana, chat.id, 'Mais uma coisa');
    await round();
    // Not yet: the message is newer than the delay (and so is the last digest).
    expect(mailsTo(bruno)).toHaveLength(1);
    await later();
    await round();
    const next = mailsTo(bruno);
    expect(next).toHaveLength(2);
    expect(next[1]!.subject).toBe('Você tem 1 mensagem sem ler no Papo');
    expect(next[1]!.text).toContain('Mais uma coisa');
    expect(next[1]!.text).not.toContain('Chego às 10h');
  });

  it('the link turns digests off without signing in; a forged one is refused', async () => {
    const link = new URL(mailsTo(bruno)[0]!.headers['list-unsubscribe']!.slice(1, -1));
    const forged = `${link.pathname}?token=${bruno.id}.${'A'.repeat(43)}`;
    const refused = await t.app.inject({ method: 'GET', url: forged });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(EMAIL_DIGEST_TEXTS.badToken);
    const other = await t.app.inject({
      method: 'GET',
      url: `${link.pathname}?token=${carla.id}.${link.searchParams.get('token')!.split('.')[1]}`,
    });
    expect(other.statusCode).toBe(400);

    const page = await t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain(EMAIL_DIGEST_TEXTS.offTitle);
    const saved = expectStatus<{ emailDigest: boolean; sound: boolean }>(await as(t.app, bruno).get('/notification-settings'), 200);
    expect(saved).toMatchObject({ emailDigest: false, sound: true });
    // A mail client's one-click button (RFC 8058) posts the same link.
    const oneClick = await t.app.inject({
      method: 'POST',
      url: `${link.pathname}${link.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(204);

    const chat = await conversation(ana, bruno);
    await send(ana, chat.id, 'ninguém vai ler por e-mail');
    await later();
    await round();
    expect(mailsTo(bruno)).toHaveLength(2);
  });
});

describe('no digest', () => {
  it('when they come back before the delay', async () => {
    const [dani, edu] = await createTeam(t.app, ['Dani Resumo', 'Edu Resumo']);
    const chat = await conversation(dani, edu);
    await send(dani, chat.id, 'Volta logo');
    await t.app.ctx.digests.settled();
    await listenAll(t.app, [edu], listeners);
    await expect
      .poll(async () => (await t.app.ctx.db.select().from(messages).where(eq(messages.conversationId, chat.id)))[0]!.status)
      .toBe('DELIVERED');
    await closeAll(t.app, listeners);
    await later();
    await round();
    expect(mailsTo(edu)).toEqual([]);
    const [row] = await t.app.ctx.db.select().from(emailDigests).where(eq(emailDigests.userId, edu.id));
    expect(row!.pendingSince).toBeNull();
  });

  it("during 'Não perturbe' (it goes once that ends), with the level 'Nada', or for a silenced chat", async () => {
    const [fabi, gil, hugo, iara] = await createTeam(t.app, ['Fabi Resumo', 'Gil Resumo', 'Hugo Resumo', 'Iara Resumo']);
    const hhmm = (d: Date) => d.toISOString().slice(11, 16);
    const at = Date.now();
    expectStatus(await settings(gil, { quietHours: { start: hhmm(new Date(at - 3_600_000)), end: hhmm(new Date(at + 3_600_000)) } }), 200);
    expectStatus(await settings(hugo, { level: 'none' }), 200);
    const muted = await conversation(fabi, iara);
    expectStatus(await as(t.app, iara).patch(`/conversation/${muted.id}/mute`, { muted: true }), 200);
    for (const who of [gil, hugo]) await send(fabi, (await conversation(fabi, who)).id, 'Oi');
    await send(fabi, muted.id, 'silenciada');
    await later();
    await round();
    expect([...mailsTo(gil), ...mailsTo(hugo), ...mailsTo(iara)]).toEqual([]);
    // 'Não perturbe' ended: what waited goes (looked at again a delay after the last look).
    expectStatus(await settings(gil, {}), 200);
    await round();
    expect(mailsTo(gil)).toEqual([]);
    await later();
    await round();
    expect(mailsTo(gil)).toHaveLength(1);
    expect([...mailsTo(hugo), ...mailsTo(iara)]).toEqual([]);
  });

  it('for a mention in a silenced group? It still goes, as its push does', async () => {
    const [jo, ka] = await createTeam(t.app, ['Jo Resumo', 'Ka Resumo']);
    const quiet = await group(jo, 'Quieto', [ka]);
    expectStatus(await as(t.app, ka).patch(`/group/${quiet.id}/mute`, { muted: true }), 200);
    await send(jo, quiet.id, `${mentionToken('todos')} reunião`, { isGroup: true, mentions: ['todos'] });
    await later();
    await round();
    expect(mailsTo(ka).map((m) => m.subject)).toEqual(['Você tem 1 mensagem sem ler no Papo']);
    expect(mailsTo(ka)[0]!.text).toContain('Jo Resumo: @todos reunião');
  });
});

describe('with several processes', () => {
  it('one digest takes a message: two claims of the same messages, one wins', async () => {
    const [lu, mo] = await createTeam(t.app, ['Lu Resumo', 'Mo Resumo']);
    await send(lu, (await conversation(lu, mo)).id, 'corrida');
    await t.app.ctx.digests.settled();
    const found = (await digestItems(t.app.ctx.db, mo.id, 0))!;
    const claim = { userId: mo.id, fromSeq: 0, topSeq: found.topSeq, now: new Date(), cutoff: new Date() };
    const won = await Promise.all([claimDigest(t.app.ctx.db, claim), claimDigest(t.app.ctx.db, claim)]);
    expect(won.sort()).toEqual([false, true]);
  });

  it.runIf(!!process.env.DATABASE_URL && !!process.env.REDIS_URL)(
    'the rounds run on one process at a time, and pass on when it stops',
    async () => {
      const peer = await startPeerApp(t, { emailDigestRounds: false });
      try {
        const [nina, otto, pia] = await createTeam(t.app, ['Nina Resumo', 'Otto Resumo', 'Pia Resumo']);
        await send(nina, (await conversation(nina, otto)).id, 'dois processos');
        await later();
        await Promise.all([round(), round(peer)]);
        expect(mailsTo(otto)).toHaveLength(1);
        // This process holds the job: the peer's rounds do nothing while it runs them.
        await send(nina, (await conversation(nina, pia)).id, 'só o primeiro');
        await later();
        await round(peer);
        expect(mailsTo(pia)).toEqual([]);
        await round();
        expect(mailsTo(pia)).toHaveLength(1);
        // This process stops running rounds (as if it died): once its lease runs out, the peer's run.
        const quinn = await createUser(t.app, nina.workspaceId, { name: 'Quinn Resumo' });
        await send(nina, (await conversation(nina, quinn)).id, 'agora o outro');
        await new Promise((resolve) => setTimeout(resolve, 3 * roundIntervalMs(DELAY_S) + 100));
        await round(peer);
        expect(mailsTo(quinn)).toHaveLength(1);
      } finally {
        await peer.close();
      }
    },
  );
});

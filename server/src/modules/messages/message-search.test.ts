import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Conversation, type Group, type Message, type MessageSearchPage, mentionToken } from '@chat/contracts';
import { messages } from '../../db/schema';
import { as, createTeam, expectStatus, textMessage, type TestUser } from '../../test/chat-helpers';
import { createTestApp, type TestApp, testDatabaseUrl } from '../../test/harness';
import { statementPlan } from '../../test/plans';
import { searchMessages } from './message-search.repository';

// GET /message/search: the viewer's chats only, no deleted messages, accent- and
// case-insensitive, newest first with a `before` cursor.

let t: TestApp;
let ana: TestUser, bruno: TestUser, carla: TestUser, stranger: TestUser;
let anaBruno: Conversation, brunoCarla: Conversation;
let team: Group, secret: Group;

const send = async (who: TestUser, chatId: string, body: string, isGroup = false) =>
  expectStatus<Message>(await as(t.app, who).post('/message/send', textMessage(chatId, body, { isGroup })), 200);
const search = async (query: string, who = ana) =>
  expectStatus<MessageSearchPage>(await as(t.app, who).get(`/message/search?${query}`), 200);
const bodies = (page: MessageSearchPage) => page.hits.map((h) => h.body);

beforeAll(async () => {
  t = await createTestApp();
  [ana, bruno, carla] = await createTeam(t.app, ['Ana Busca', 'Bruno Busca', 'Carla Busca']);
  [stranger] = await createTeam(t.app, ['Estranho Busca']);
  anaBruno = expectStatus(await as(t.app, ana).post('/conversation/create', { userTwoId: bruno.id }), 200);
  brunoCarla = expectStatus(await as(t.app, bruno).post('/conversation/create', { userTwoId: carla.id }), 200);
  team = expectStatus(await as(t.app, ana).post('/group/create', { name: 'Equipe Ágil', description: '', members: [bruno.id] }), 200);
  secret = expectStatus(await as(t.app, bruno).post('/group/create', { name: 'Sigiloso', description: '', members: [carla.id] }), 200);

  await send(ana, anaBruno.id, 'Reunião amanhã às 10');
  await send(bruno, team.id, 'a reuniao do grupo mudou', true);
  await send(bruno, brunoCarla.id, 'REUNIÃO secreta entre Bruno e Carla');
  await send(carla, secret.id, 'reunião do grupo sigiloso', true);
  const deleted = await send(ana, anaBruno.id, 'reunião que será apagada');
  expectStatus(await as(t.app, ana).delete(`/message/${deleted.id}`), 200);
  // An image's body is its URL: never a hit, whatever the file is called.
  await t.app.ctx.db
    .insert(messages)
    .values({ conversationId: anaBruno.id, authorId: ana.id, contentType: 'image', body: 'http://localhost/media/reuniao.png' });
});
afterAll(() => t?.close());

describe('GET /api/message/search', () => {
  it('finds text in the viewer’s conversations and groups, ignoring case and accents, newest first', async () => {
    const page = await search('content=REUNIAO');
    expect(bodies(page)).toEqual(['a reuniao do grupo mudou', 'Reunião amanhã às 10']);
    expect(page.nextCursor).toBeNull();
    const [inGroup, inConversation] = page.hits;
    expect(inGroup).toMatchObject({
      chat: { kind: 'group', id: team.id, name: 'Equipe Ágil', peerId: null },
      author: { id: bruno.id, name: 'Bruno Busca' },
    });
    expect(inConversation).toMatchObject({
      chat: { kind: 'conversation', id: anaBruno.id, name: 'Bruno Busca', peerId: bruno.id },
      author: { id: ana.id, name: 'Ana Busca' },
    });
    expect(Date.parse(inConversation!.createdAt)).not.toBeNaN();
    // The other side of the same conversation sees it under Ana's name.
    const forBruno = await search('content=amanhã', bruno);
    expect(forBruno.hits.map((h) => h.chat.name)).toEqual(['Ana Busca']);
  });

  it('matches accented text typed without accents and the other way round', async () => {
    expect(bodies(await search('content=amanha%20as'))).toEqual(['Reunião amanhã às 10']);
    expect(bodies(await search(`content=${encodeURIComponent('REUNIÃO DO')}`))).toEqual(['a reuniao do grupo mudou']);
  });

  it('never returns chats the viewer is not in, deleted messages or images', async () => {
    expect(bodies(await search('content=secret'))).toEqual([]);
    expect(bodies(await search('content=sigiloso'))).toEqual([]);
    expect(bodies(await search('content=apagada'))).toEqual([]);
    expect(bodies(await search('content=png'))).toEqual([]);
    expect(bodies(await search('content=reuniao', stranger))).toEqual([]);
    // Carla sees her own chats' hits, and only those.
    expect(bodies(await search('content=reuniao', carla))).toEqual(['reunião do grupo sigiloso', 'REUNIÃO secreta entre Bruno e Carla']);
  });

  it('matches a two-letter term at the start of a word only', async () => {
    await send(ana, anaBruno.id, 'Ok, combinado');
    await send(ana, anaBruno.id, 'um livro bom: o book club');
    await send(ana, anaBruno.id, 'tudo ok por aqui');
    expect(bodies(await search('content=OK'))).toEqual(['tudo ok por aqui', 'Ok, combinado']);
  });

  it('treats LIKE wildcards as plain characters', async () => {
    expect(bodies(await search('content=%25%25'))).toEqual([]);
    expect(bodies(await search('content=__'))).toEqual([]);
  });

  it('pages with limit and before until nextCursor is null', async () => {
    const [dana, eva] = await createTeam(t.app, ['Dana Pauta', 'Eva Pauta']);
    const chat = expectStatus<Conversation>(await as(t.app, dana).post('/conversation/create', { userTwoId: eva.id }), 200);
    await t.app.ctx.db
      .insert(messages)
      .values(Array.from({ length: 25 }, (_, i) => ({ conversationId: chat.id, authorId: dana.id, body: `pauta ${i + 1}` })));
    const seen: string[] = [];
    let query = 'content=pauta&limit=10';
    for (const expected of [10, 10, 5]) {
      const page = expectStatus<MessageSearchPage>(await as(t.app, eva).get(`/message/search?${query}`), 200);
      expect(page.hits).toHaveLength(expected);
      seen.push(...bodies(page));
      if (expected < 10) expect(page.nextCursor).toBeNull();
      else query = `content=pauta&limit=10&before=${page.nextCursor}`;
    }
    expect(seen).toEqual(Array.from({ length: 25 }, (_, i) => `pauta ${25 - i}`));
  });

  it('refuses bad parameters with Portuguese messages and 400', async () => {
    const cases: [string, string][] = [
      ['', 'A busca deve ter pelo menos 2 caracteres'],
      ['content=a', 'A busca deve ter pelo menos 2 caracteres'],
      [`content=${'x'.repeat(101)}`, 'A busca deve ter no máximo 100 caracteres'],
      ['content=reuniao&limit=0', 'O limite deve ser entre 1 e 50'],
      ['content=reuniao&limit=51', 'O limite deve ser entre 1 e 50'],
      ['content=reuniao&limit=abc', 'O limite deve ser entre 1 e 50'],
      ['content=reuniao&before=abc', 'Cursor inválido'],
    ];
    for (const [query, message] of cases) {
      const res = await as(t.app, ana).get(`/message/search?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toContain(message);
    }
  });

  it('needs a signed-in user', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/message/search?content=reuniao' });
    expect(res.statusCode).toBe(401);
  });

  it('never matches the hex digits of a mention token, only the words around it', async () => {
    const body = `combinado com ${mentionToken(bruno.id)} ontem`;
    expectStatus(
      await as(t.app, ana).post('/message/send', { ...textMessage(team.id, body, { isGroup: true }), mentions: [bruno.id] }),
      200,
    );
    expect(bodies(await search(`content=${encodeURIComponent('combinado com')}`))).toEqual([body]);
    for (const piece of [bruno.id.slice(0, 8), bruno.id.slice(9, 13), bruno.id.slice(-12), `@${bruno.id.slice(0, 4)}`]) {
      expect(bodies(await search(`content=${encodeURIComponent(piece)}`)), piece).toEqual([]);
    }
  });

  it('stores the folded body', async () => {
    const [row] = await t.app.ctx.db
      .select({ bodyFolded: messages.bodyFolded })
      .from(messages)
      .where(sql`${messages.body} = 'REUNIÃO secreta entre Bruno e Carla'`);
    expect(row?.bodyFolded).toBe('reuniao secreta entre bruno e carla');
  });

  it('finds its candidates for a word through the trigram index of the folded body', async () => {
    // On a table this small, walking the seq index backwards and filtering is as cheap as any plan;
    // with sequential and plain index scans priced out, the plan shows which index can find the
    // candidates by their text.
    const plan = await statementPlan(
      t.app.ctx.db,
      searchMessages(t.app.ctx.db, ana.id, 'reunião', null, 21),
      {},
      { enable_seqscan: 'off', enable_indexscan: 'off' },
    );
    expect(plan).toContain('Bitmap Index Scan on messages_body_folded_trgm_idx');
  });

  it.runIf(!testDatabaseUrl())(
    'PGlite: the upkeep brings the planner statistics up to date (it runs no autovacuum), as autovacuum would: only after a change worth it',
    async () => {
      const count = async () => {
        const result = (await t.app.ctx.db.execute(
          sql`SELECT (SELECT count(*) FROM messages)::int AS rows, (SELECT reltuples FROM pg_class WHERE relname = 'messages')::int AS planned`,
        )) as unknown as { rows: Array<{ rows: number; planned: number }> };
        return result.rows[0]!;
      };
      const insert = (n: number, from: number) =>
        t.app.ctx.db.insert(messages).values(
          Array.from({ length: n }, (_, i) => ({
            conversationId: anaBruno.id,
            authorId: ana.id,
            body: `estatística ${from + i} `.padEnd(120, '.'),
          })),
        );
      // A known start: the server's own timed pass may have analyzed the table halfway through the
      // seeding (on a slow machine), leaving statistics the rule rightly finds fresh enough.
      await t.app.ctx.db.execute(sql`ANALYZE messages`);
      const analyzed = await count();
      expect(analyzed.planned).toBe(analyzed.rows);

      // A few rows more: the file has not grown by a tenth, so no ANALYZE holds the server for them.
      await insert(7, 0);
      await t.app.ctx.database.upkeep!();
      expect(await count()).toEqual({ rows: analyzed.rows + 7, planned: analyzed.planned });

      // Many times the table: analyzed again.
      await insert(1000, 7);
      await t.app.ctx.database.upkeep!();
      const after = await count();
      expect(after.rows).toBe(analyzed.rows + 1007);
      expect(after.planned).toBe(after.rows);
    },
  );
});

import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invites } from '../../db/schema';
import { as, createUser, type TestUser } from '../chat-helpers';
import { createTestApp, type TestApp } from '../harness';
import { latestMail, readOutbox } from '../outbox';
import { createAdminTeam } from '../team';
import { setMemberLimit } from '../workspaces';

// An ADMIN or a member of workspace A must not learn, from an answer, that an e-mail or a
// nickName exists in workspace B. An invite to an address with an account elsewhere is made,
// listed and answered like any other, only its code is never mailed; nickNames and e-mails are unique everywhere (both sign people in), so taking one
// used elsewhere is refused exactly like taking one used in A.

let t: TestApp;
let adminA: TestUser, memberA: TestUser, peerA: TestUser;
let memberB: TestUser;
let workspaceA: string;

beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  const a = await createAdminTeam(t.app, ['Ana Oráculo', 'Paulo Oráculo']);
  ({ admin: adminA, workspaceId: workspaceA } = a);
  [memberA, peerA] = a.members;
  [memberB] = (await createAdminTeam(t.app, ['Bia Outra'])).members;
});
afterAll(() => t?.close());

let counter = 0;
const fresh = () => `novo${Date.now().toString(36)}${++counter}`;
const invite = (email: string) => as(t.app, adminA).post('/user/invite', { email });
/** Status and body, without what differs from one request to the next (the invite's deadline). */
const shape = (res: LightMyRequestResponse) => {
  const { expiresAt, ...rest } = res.json() as Record<string, unknown>;
  return { status: res.statusCode, body: rest, hasDeadline: typeof expiresAt === 'string' };
};
const median = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)]!;

/** Medians (ms) of `runs` alternating calls of two requests, so drift in the machine hits both alike. */
async function alternate(runs: number, first: () => Promise<unknown>, second: () => Promise<unknown>): Promise<[number, number]> {
  const times: [number[], number[]] = [[], []];
  for (let i = 0; i < runs; i++) {
    for (const [index, call] of [first, second].entries()) {
      const started = performance.now();
      await call();
      times[index]!.push(performance.now() - started);
    }
  }
  return [median(times[0]), median(times[1])];
}

describe('inviting an e-mail that has an account in another workspace', () => {
  it('answers and lists like a new invite, and mails the address that it already has an account, without a code', async () => {
    const newcomer = `${fresh()}@exemplo.chat`;
    const answers = [await invite(newcomer), await invite(memberB.email), await invite('ROOT@chat.local'.toLowerCase())];
    const [fresh201, foreign, root] = answers.map(shape);
    expect(fresh201).toEqual({ status: 201, body: { message: 'Convite enviado com sucesso' }, hasDeadline: true });
    expect(foreign).toEqual(fresh201);
    expect(root).toEqual(fresh201);

    const pending = (await as(t.app, adminA).get('/user/invites')).json() as Array<Record<string, unknown>>;
    const listed = (email: string) => pending.filter((i) => i.email === email).map((i) => Object.keys(i).sort().join());
    expect(listed(memberB.email)).toEqual(listed(newcomer));
    expect(listed(newcomer)).toHaveLength(1);
    const mail = latestMail(t.env.dataDir, memberB.email);
    expect(mail.subject).toBe('Você já tem uma conta no Papo');
    expect(mail.text).toContain('já tem uma conta no Papo');
    expect(mail.text).toContain(adminA.name);
    expect(mail.link).toBe(`${t.env.appUrl}/`);
    const [row] = await t.app.ctx.db.select().from(invites).where(eq(invites.email, memberB.email));
    expect(mail.raw).not.toContain(row!.code);
    expect(mail.text).not.toMatch(/código de convite|inviteCode/i);
    expect(latestMail(t.env.dataDir, newcomer).link).toMatch(/inviteCode=/);
  });

  it('a full workspace refuses both alike', async () => {
    await setMemberLimit(t.app, workspaceA, 1);
    try {
      const [newcomer, foreign] = [shape(await invite(`${fresh()}@exemplo.chat`)), shape(await invite(memberB.email))];
      expect(newcomer).toEqual({
        status: 409,
        body: { statusCode: 409, error: 'Conflict', message: 'Limite de membros do workspace atingido' },
        hasDeadline: false,
      });
      expect(foreign).toEqual(newcomer);
    } finally {
      await setMemberLimit(t.app, workspaceA, 0);
    }
  });

  it('an e-mail of the admin’s own workspace is still the 409 it was', async () => {
    const res = await invite(peerA.email);
    expect(shape(res)).toEqual({
      status: 409,
      body: { statusCode: 409, error: 'Conflict', message: 'E-mail já cadastrado' },
      hasDeadline: false,
    });
  });

  it('takes about as long as a new invite', async () => {
    const before = readOutbox(t.env.dataDir).length;
    const [newcomer, foreign] = await alternate(
      15,
      () => invite(`${fresh()}@exemplo.chat`),
      () => invite(memberB.email),
    );
    console.info(`convite: mediana ${newcomer.toFixed(1)} ms (e-mail novo) x ${foreign.toFixed(1)} ms (conta em outro workspace)`);
    expect(readOutbox(t.env.dataDir).length).toBe(before + 30);
    expect(foreign / newcomer).toBeGreaterThan(0.5);
    expect(foreign / newcomer).toBeLessThan(2);
  });
});

describe('taking a nickName or an e-mail used in another workspace', () => {
  it('profile nickName: the same answer as one used in the same workspace', async () => {
    const local = await as(t.app, memberA).patch('/user/update', { nickName: peerA.nickName.toUpperCase() });
    const foreign = await as(t.app, memberA).patch('/user/update', { nickName: memberB.nickName.toUpperCase() });
    expect(shape(local)).toEqual({
      status: 409,
      body: { statusCode: 409, error: 'Conflict', message: 'Apelido já está em uso' },
      hasDeadline: false,
    });
    expect(shape(foreign)).toEqual(shape(local));
    expect(foreign.body).not.toMatch(/Bia|Outra|workspace/i);
  });

  it('member edit by the admin, nickName and e-mail: the same answer either way', async () => {
    for (const [local, foreign] of [
      [{ nickName: peerA.nickName }, { nickName: memberB.nickName }],
      [{ email: peerA.email }, { email: memberB.email }],
    ] as const) {
      const answers = [
        await as(t.app, adminA).patch(`/user/update/${memberA.id}`, local),
        await as(t.app, adminA).patch(`/user/update/${memberA.id}`, foreign),
      ];
      expect(answers[0]!.statusCode).toBe(409);
      expect(shape(answers[1]!)).toEqual(shape(answers[0]!));
    }
  });

  it('takes as long within noise (median of 30 each, interleaved)', async () => {
    const spare = await createUser(t.app, workspaceA, { name: 'Rita Tempo' });
    const [local, foreign] = await alternate(
      30,
      () => as(t.app, spare).patch('/user/update', { nickName: peerA.nickName }),
      () => as(t.app, spare).patch('/user/update', { nickName: memberB.nickName }),
    );
    console.info(`apelido em uso: mediana ${local.toFixed(2)} ms (mesmo workspace) x ${foreign.toFixed(2)} ms (outro workspace)`);
    expect(Math.abs(foreign - local)).toBeLessThan(Math.max(2, local * 0.5));
  });
});

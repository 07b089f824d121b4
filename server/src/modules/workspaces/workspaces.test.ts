import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import {
  DEFAULT_WORKSPACE_FEATURES,
  signinResponseSchema,
  type Workspace,
  workspaceSchemaEntity,
  workspaceSummarySchema,
} from '@chat/contracts';
import { users, workspaces } from '../../db/schema';
import { signIn } from '../../test/auth-helpers';
import { expectStatus } from '../../test/chat-helpers';
import { createTestApp, type TestApp } from '../../test/harness';
import { latestMail, readOutbox } from '../../test/outbox';
import { outboxDir } from '../mail/outbox';
import { type Call, caller, rootCaller } from './workspace-test-helpers';

// POST /api/workspace/create, GET /api/workspace/list, GET /api/workspace/:id (ROOT only).

let t: TestApp;
let root: Call;
let clockOffsetMs = 0;
beforeAll(async () => {
  t = await createTestApp({ app: { now: () => new Date(Date.now() + clockOffsetMs) } });
  root = await rootCaller(t.app);
});
beforeEach(() => {
  clockOffsetMs = 0;
});
afterAll(() => t?.close());

const WELCOME_LINK = /^http:\/\/localhost:\d+\/set-password\?token=([0-9a-f]{64})$/;
let counter = 0;
const newBody = (overrides: Record<string, unknown> = {}) => {
  counter++;
  return {
    name: `Equipe ${counter}`,
    adminName: `Admin ${counter}`,
    adminEmail: `admin${counter}@nova.chat`,
    limitOfMembers: 10,
    ...overrides,
  };
};
const create = (body: object) => root('POST', '/workspace/create', body);
const welcomeToken = (email: string) => WELCOME_LINK.exec(latestMail(t.env.dataDir, email).link ?? '')?.[1];
const usePasswordToken = (token: string, newPassword: string) =>
  t.app.inject({ method: 'PATCH', url: '/api/password-token/use', payload: { token, newPassword } });
const welcome = (token: string, newPassword: string) =>
  t.app.inject({ method: 'POST', url: '/api/password-token/welcome', payload: { token, newPassword } });
const workspaceCount = async () => (await t.app.ctx.db.select({ n: sql<number>`count(*)::int` }).from(workspaces))[0]!.n;

describe('ROOT only', () => {
  const id = '00000000-0000-4000-8000-000000000000';
  const calls: Array<[Parameters<Call>[0], string, object?]> = [
    ['POST', '/workspace/create', newBody()],
    ['GET', '/workspace/list'],
    ['GET', `/workspace/${id}`],
    ['PUT', `/workspace/${id}`, { name: 'Outro nome', limitOfMembers: 0 }],
    ['PATCH', `/workspace/change-admin/${id}`, { newAdminEmail: 'bruno@demo.chat' }],
  ];

  it.each(['ana', 'bruno'])('answers 403 to %s (ADMIN and USER) on every call, and changes nothing', async (who) => {
    const as = caller(t.app, (await signIn(t.app, who)).accessToken);
    const before = await workspaceCount();
    for (const [method, url, body] of calls) {
      const res = await as(method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().message).toBe('Acesso negado');
    }
    expect(await workspaceCount()).toBe(before);
  });

  it('answers 401 without a session', async () => {
    for (const [method, url, payload] of calls) {
      const res = await t.app.inject({ method, url: `/api${url}`, ...(payload ? { payload } : {}) });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});

describe('POST /api/workspace/create', () => {
  it('creates the workspace and its ADMIN, with the default features, and answers the entity', async () => {
    const body = newBody({
      name: 'Vendas Sul',
      description: 'Time comercial',
      adminName: 'Marta Lima',
      adminEmail: 'Marta.Lima@Nova.chat',
    });
    const workspace = expectStatus<Workspace>(await create(body), 201);
    expect(z.strictObject(workspaceSchemaEntity.shape).parse(workspace)).toEqual({
      id: expect.any(String),
      name: 'Vendas Sul',
      description: 'Time comercial',
      admin: { id: expect.any(String), name: 'Marta Lima', email: 'marta.lima@nova.chat' },
      membersCount: 1,
      membersNextCursor: null,
      limitOfMembers: 10,
      storageQuotaMb: 0,
      storageUsedBytes: 0,
      refuseExecutables: false,
      groupMemberLimit: 1000,
      features: [...DEFAULT_WORKSPACE_FEATURES],
      createdAt: expect.any(String),
      members: [expect.objectContaining({ name: 'Marta Lima', nickName: 'martalima', role: 'ADMIN', email: 'marta.lima@nova.chat' })],
    });
    const [admin] = await t.app.ctx.db.select().from(users).where(eq(users.email, 'marta.lima@nova.chat'));
    expect(admin).toMatchObject({ role: 'ADMIN', workspaceId: workspace.id, active: true });
  });

  it('mails a welcome link that sets the password once, after which the admin signs in', async () => {
    const body = newBody({ adminName: 'Rui Costa', adminEmail: 'rui@nova.chat' });
    const workspace = expectStatus<Workspace>(await create(body), 201);
    const mail = latestMail(t.env.dataDir, 'rui@nova.chat');
    expect(mail.subject).toContain(body.name);
    expect(mail.text).toContain('Olá, Rui Costa!');
    const token = welcomeToken('rui@nova.chat')!;
    expect(token).toMatch(/^[0-9a-f]{64}$/);

    // No password works before the link is used.
    const before = await t.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { identifier: 'rui@nova.chat', password: '' } });
    expect(before.statusCode).toBe(400);
    const guess = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { identifier: 'rui', password: 'qualquer-senha' },
    });
    expect(guess.statusCode).toBe(401);

    expect((await usePasswordToken(token, 'senha-do-rui')).statusCode).toBe(200);
    const session = await signIn(t.app, 'rui@nova.chat', 'senha-do-rui');
    expect(session.user).toMatchObject({ role: 'ADMIN', workspaces: [{ id: workspace.id, features: [...DEFAULT_WORKSPACE_FEATURES] }] });
    const again = await usePasswordToken(token, 'outra-senha-1');
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('Link de redefinição inválido ou expirado');
  });

  it('the welcome page sets the password and answers signed in, once', async () => {
    const workspace = expectStatus<Workspace>(await create(newBody({ adminName: 'Lia Prado', adminEmail: 'lia@nova.chat' })), 201);
    expect(latestMail(t.env.dataDir, 'lia@nova.chat').text).toContain('Você entra no Papo assim que definir a senha');
    const token = welcomeToken('lia@nova.chat')!;

    const res = await welcome(token, 'senha-da-lia');
    expect(res.statusCode).toBe(200);
    const session = signinResponseSchema.parse(res.json());
    expect(session.user).toMatchObject({ email: 'lia@nova.chat', role: 'ADMIN', workspaces: [{ id: workspace.id }] });
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${session.accessToken}` } });
    expect(me.json().email).toBe('lia@nova.chat');
    const renewed = await t.app.inject({ method: 'POST', url: '/api/refresh-token/use', payload: { refreshToken: session.refreshToken } });
    expect(renewed.statusCode).toBe(200);
    expect((await signIn(t.app, 'lia@nova.chat', 'senha-da-lia')).user.id).toBe(session.user.id);

    const again = await welcome(token, 'outra-senha-1');
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('Link para definir a senha inválido ou expirado');
    expect((await welcome('0'.repeat(64), 'senha-valida')).statusCode).toBe(400);
    expect((await welcome(token.slice(1), 'senha-valida')).json().message).toBe('Dados inválidos: Token inválido');
  });

  it('the welcome link is valid for 72 hours', async () => {
    expectStatus(await create(newBody({ adminEmail: 'prazo1@nova.chat' })), 201);
    expectStatus(await create(newBody({ adminEmail: 'prazo2@nova.chat' })), 201);
    clockOffsetMs = 71 * 60 * 60 * 1000;
    expect((await usePasswordToken(welcomeToken('prazo1@nova.chat')!, 'senha-valida')).statusCode).toBe(200);
    clockOffsetMs = 72 * 60 * 60 * 1000 + 60_000;
    expect((await usePasswordToken(welcomeToken('prazo2@nova.chat')!, 'senha-valida')).statusCode).toBe(400);
  });

  it('keeps the chosen features, without repetitions', async () => {
    const workspace = expectStatus<Workspace>(
      await create(newBody({ features: ['edit_members', 'edit_members', 'disable_edit_personal_info'] })),
      201,
    );
    expect(workspace.features).toEqual(['edit_members', 'disable_edit_personal_info']);
    expect(expectStatus<Workspace>(await create(newBody({ features: [] })), 201).features).toEqual([]);
  });

  it('derives a free nickName when the e-mail one is taken', async () => {
    const workspace = expectStatus<Workspace>(await create(newBody({ adminEmail: 'ana@outro.chat' })), 201);
    expect(workspace.members[0]!.nickName).toMatch(/^ana\d{4}$/);
  });

  it('answers 409 when the e-mail already has an account (any case), and creates nothing', async () => {
    const before = await workspaceCount();
    const mails = readOutbox(t.env.dataDir).length;
    for (const adminEmail of ['ana@demo.chat', 'BRUNO@demo.chat']) {
      const res = await create(newBody({ adminEmail }));
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('E-mail já cadastrado');
    }
    expect(await workspaceCount()).toBe(before);
    expect(readOutbox(t.env.dataDir)).toHaveLength(mails);
  });

  it.each([
    [{ name: 'E' }, 'name', 'Mínimo de 2 caracteres'],
    [{ adminName: 'x'.repeat(41) }, 'adminName', 'Máximo de 40 caracteres'],
    [{ adminEmail: 'marta' }, 'adminEmail', 'E-mail do administrador é inválido'],
    [{ limitOfMembers: 100_001 }, 'limitOfMembers', 'Limite de membros deve ser entre 0 e 100000'],
    [{ limitOfMembers: -1 }, 'limitOfMembers', 'Limite de membros deve ser entre 0 e 100000'],
    [{ features: ['voar'] }, 'features.0', undefined],
  ])('answers 400 to %j with a Portuguese message, and creates nothing', async (overrides, field, message) => {
    const before = await workspaceCount();
    const res = await create(newBody(overrides));
    expect(res.statusCode).toBe(400);
    const issue = (res.json().issues as Array<{ path: string[]; message: string }>).find((i) => i.path.join('.') === field);
    expect(issue).toBeDefined();
    if (message) expect(issue!.message).toBe(message);
    expect(await workspaceCount()).toBe(before);
  });

  it('rolls everything back when the welcome mail cannot be written, and works again afterwards', async () => {
    const before = await workspaceCount();
    // A file where the outbox folder should be: the mailer fails as with an unreachable SMTP server.
    const dir = outboxDir(t.env.dataDir);
    rmSync(dir, { recursive: true, force: true });
    writeFileSync(dir, 'not a folder');
    const body = newBody({ adminEmail: 'sem-email@nova.chat' });
    try {
      const res = await create(body);
      expect(res.statusCode).toBe(502);
      expect(res.json().message).toBe(
        'Não foi possível enviar o e-mail de boas-vindas ao administrador. Nada foi criado; tente novamente.',
      );
    } finally {
      rmSync(dir, { force: true });
      mkdirSync(dir);
    }
    expect(await workspaceCount()).toBe(before);
    expect(await t.app.ctx.db.select().from(users).where(eq(users.email, 'sem-email@nova.chat'))).toEqual([]);
    expectStatus(await create(body), 201);
  });
});

describe('GET /api/workspace/list and /api/workspace/:id', () => {
  it('lists every workspace with its admin, active member count, limit and features', async () => {
    const created = expectStatus<Workspace>(await create(newBody({ limitOfMembers: 0 })), 201);
    const list = z.array(z.strictObject(workspaceSummarySchema.shape)).parse(expectStatus(await root('GET', '/workspace/list'), 200));
    const { members: _members, membersNextCursor: _next, ...summary } = created;
    // Newest first.
    expect(list[0]).toEqual(summary);
    const demo = list.find((w) => w.name === 'Equipe Demo')!;
    expect(demo).toMatchObject({
      admin: { name: 'Ana Souza', email: 'ana@demo.chat' },
      membersCount: 4,
      features: [...DEFAULT_WORKSPACE_FEATURES],
    });
  });

  it('the member count leaves removed members out', async () => {
    const demoId = (await signIn(t.app, 'ana')).user.workspaces[0]!.id;
    await t.app.ctx.db.update(users).set({ active: false }).where(eq(users.email, 'diego@demo.chat'));
    try {
      const demo = expectStatus<Workspace>(await root('GET', `/workspace/${demoId}`), 200);
      expect(demo.membersCount).toBe(3);
      expect(demo.members.map((m) => m.nickName).sort()).toEqual(['ana', 'bruno', 'carla']);
    } finally {
      await t.app.ctx.db.update(users).set({ active: true }).where(eq(users.email, 'diego@demo.chat'));
    }
  });

  it('answers one workspace with its members, 404 for an unknown id and 400 for a malformed one', async () => {
    const created = expectStatus<Workspace>(await create(newBody()), 201);
    expect(workspaceSchemaEntity.parse(expectStatus(await root('GET', `/workspace/${created.id}`), 200))).toEqual(created);
    const unknown = await root('GET', '/workspace/00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Workspace não encontrado');
    expect((await root('GET', '/workspace/abc')).statusCode).toBe(400);
  });
});

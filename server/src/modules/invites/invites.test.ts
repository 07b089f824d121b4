import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LIMITS, signinResponseSchema } from '@chat/contracts';
import { invites, users } from '../../db/schema';
import { signIn } from '../../test/auth-helpers';
import { createTestApp, type TestApp } from '../../test/harness';
import { latestMail } from '../../test/outbox';
import { createWorkspaceWithAdmin, setMemberLimit } from '../../test/workspaces';
import { countSeats } from '../users/member-limit';

// POST /api/user/invite (ADMIN) and POST /api/user/create-by-invite (public).

let t: TestApp;
let clockOffsetMs = 0;
let admin: { accessToken: string; workspaceId: string };
beforeAll(async () => {
  // The registration limits have their own test (invite-guessing.test.ts); here they must not interfere.
  const roomy = { max: 1000, windowMs: 60_000 };
  t = await createTestApp({
    app: { now: () => new Date(Date.now() + clockOffsetMs), rateLimits: { invitePerIp: roomy, invitePerCode: roomy } },
  });
  const session = await signIn(t.app, 'ana');
  admin = { accessToken: session.accessToken, workspaceId: session.user.workspaces[0]!.id };
});
afterAll(() => t?.close());
beforeEach(async () => {
  clockOffsetMs = 0;
  await setMemberLimit(t.app, admin.workspaceId, 0);
});

const INVITE_INVALID = { statusCode: 400, error: 'Bad Request', message: 'Código de convite inválido ou expirado para este e-mail' };
const INVITE_LINK = /^http:\/\/localhost:\d+\/register\?inviteCode=([A-Z0-9]{3}-[A-Z0-9]{3})&email=([^&\s]+)$/;
const LIMIT_REACHED = { statusCode: 409, error: 'Conflict', message: 'Limite de membros do workspace atingido' };

const invite = (email: string, accessToken = admin.accessToken) =>
  t.app.inject({ method: 'POST', url: '/api/user/invite', payload: { email }, headers: { authorization: `Bearer ${accessToken}` } });

/** Invites `email` and returns the code read from the mailed link. */
async function invitedCode(email: string, accessToken = admin.accessToken): Promise<string> {
  const res = await invite(email, accessToken);
  if (res.statusCode !== 201) throw new Error(`convite falhou: ${res.statusCode} ${res.body}`);
  const match = INVITE_LINK.exec(latestMail(t.env.dataDir, email).link ?? '');
  if (!match) throw new Error('link de convite não encontrado');
  return match[1]!;
}

let counter = 0;
/** A fresh, valid registration body for `email` with `inviteCode`. */
function registration(email: string, inviteCode: string, overrides: Record<string, string> = {}) {
  counter += 1;
  return { name: 'Nova Pessoa', email, nickName: `nova${counter}`, password: 'senha-da-nova', inviteCode, ...overrides };
}
const register = (body: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/user/create-by-invite', payload: body, headers });

describe('POST /api/user/invite', () => {
  it('answers 201 with the message and expiry (7 days), and mails the link and the code', async () => {
    const res = await invite('Convidada@Exemplo.com');
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({ message: 'Convite enviado com sucesso', expiresAt: expect.any(String) });
    expect(Math.abs(Date.parse(body.expiresAt) - Date.now() - LIMITS.inviteTtlMs)).toBeLessThan(60_000);

    const mail = latestMail(t.env.dataDir, 'convidada@exemplo.com');
    expect(mail.subject).toBe('Convite para a equipe Equipe Demo no Papo');
    const code = INVITE_LINK.exec(mail.link ?? '')?.[1];
    expect(mail.link!.startsWith(`${t.env.appUrl}/register?inviteCode=`)).toBe(true);
    // The register page fills the e-mail from the link as well as the code.
    expect(new URL(mail.link!).searchParams.get('email')).toBe('convidada@exemplo.com');
    expect(mail.text).toContain(`informe o código de convite: ${code}`);
    expect(mail.text).toContain('Ana Souza convidou você para a equipe "Equipe Demo"');
    const [row] = await t.app.ctx.db.select().from(invites).where(eq(invites.code, code!));
    expect(row).toMatchObject({ email: 'convidada@exemplo.com', workspaceId: admin.workspaceId, usedAt: null });
  });

  it('is for ADMINs only: 403 for a USER and for ROOT, 401 without a session', async () => {
    const user = await signIn(t.app, 'bruno');
    const root = await signIn(t.app, 'root@chat.local', 'senha-root-teste');
    for (const token of [user.accessToken, root.accessToken]) {
      const res = await invite('alguem@exemplo.com', token);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ statusCode: 403, error: 'Forbidden', message: 'Acesso negado' });
    }
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/user/invite', payload: { email: 'a@b.com' } });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().message).toBe('Sessão inválida ou expirada');
  });

  it('answers 409 when the e-mail already has an account in the same workspace (any case)', async () => {
    for (const email of ['carla@demo.chat', 'CARLA@DEMO.CHAT']) {
      const res = await invite(email);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ statusCode: 409, error: 'Conflict', message: 'E-mail já cadastrado' });
    }
  });

  it('answers 400 in Portuguese to an invalid e-mail', async () => {
    const res = await invite('sem-arroba');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Dados inválidos: E-mail inválido');
  });

  it('a new invite to the same e-mail replaces the pending one', async () => {
    const first = await invitedCode('repetida@exemplo.com');
    const second = await invitedCode('repetida@exemplo.com');
    expect(second).not.toBe(first);
    const pending = await t.app.ctx.db
      .select()
      .from(invites)
      .where(and(eq(invites.email, 'repetida@exemplo.com'), isNull(invites.usedAt)));
    expect(pending.map((p) => p.code)).toEqual([second]);
    expect((await register(registration('repetida@exemplo.com', first))).json()).toEqual(INVITE_INVALID);
    expect((await register(registration('repetida@exemplo.com', second))).statusCode).toBe(201);
  });

  it('counts active members and pending invites against the member limit', async () => {
    const ws = await createWorkspaceWithAdmin(t.app, { name: 'Limitada', adminNickName: 'adminlimitada', limitOfMembers: 4 });
    const { accessToken } = await signIn(t.app, 'adminlimitada');
    const [member] = await t.app.ctx.db
      .insert(users)
      .values({ name: 'Membro', nickName: 'membrolimitada', email: 'membro@limitada.chat', passwordHash: 'x', workspaceId: ws.workspaceId })
      .returning({ id: users.id });
    // 2 active members + 2 invites = 4 seats.
    await invitedCode('l1@exemplo.com', accessToken);
    await invitedCode('l2@exemplo.com', accessToken);
    const full = await invite('l3@exemplo.com', accessToken);
    expect(full.statusCode).toBe(409);
    expect(full.json()).toEqual(LIMIT_REACHED);
    // Re-inviting someone who already holds a seat is still possible.
    expect((await invite('l2@exemplo.com', accessToken)).statusCode).toBe(201);
    // A removed (deactivated) member frees their seat.
    await t.app.ctx.db.update(users).set({ active: false }).where(eq(users.id, member!.id));
    expect((await invite('l3@exemplo.com', accessToken)).statusCode).toBe(201);
    expect((await invite('l4@exemplo.com', accessToken)).json()).toEqual(LIMIT_REACHED);
    // Limits are per workspace: the demo workspace (no limit) is not affected.
    expect((await invite('l4@exemplo.com')).statusCode).toBe(201);
  });

  it('lets expired invites free their seat', async () => {
    await createWorkspaceWithAdmin(t.app, { name: 'Expira', adminNickName: 'adminexpira', limitOfMembers: 2 });
    const { accessToken } = await signIn(t.app, 'adminexpira');
    await invitedCode('e1@exemplo.com', accessToken);
    expect((await invite('e2@exemplo.com', accessToken)).json()).toEqual(LIMIT_REACHED);
    clockOffsetMs = LIMITS.inviteTtlMs + 1000;
    expect((await invite('e2@exemplo.com', accessToken)).statusCode).toBe(201);
  });
});

describe('POST /api/user/create-by-invite', () => {
  it('creates a USER in the inviting workspace and answers 201 like sign-in, with working tokens', async () => {
    const code = await invitedCode('nova@exemplo.com');
    const res = await register(registration('NOVA@exemplo.com', code.toLowerCase(), { nickName: 'NovaPessoa', name: '  Nova Pessoa ' }));
    expect(res.statusCode).toBe(201);
    const body = signinResponseSchema.parse(res.json());
    expect(body.user).toEqual({
      id: expect.any(String),
      name: 'Nova Pessoa',
      nickName: 'NovaPessoa',
      email: 'nova@exemplo.com',
      role: 'USER',
      avatarUrl: null,
      neoCustomData: null,
      workspaces: [{ id: admin.workspaceId, name: 'Equipe Demo', features: ['polygonal', 'create_members', 'edit_members'] }],
    });
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${body.accessToken}` } });
    expect(me.json().id).toBe(body.user.id);
    const renewed = await t.app.inject({ method: 'POST', url: '/api/refresh-token/use', payload: { refreshToken: body.refreshToken } });
    expect(renewed.statusCode).toBe(200);
    expect((await signIn(t.app, 'novapessoa', 'senha-da-nova')).user.id).toBe(body.user.id);
  });

  it.each([
    ['lowercase, without the hyphen', (code: string) => code.replace('-', '').toLowerCase()],
    ['with surrounding spaces', (code: string) => ` ${code.toLowerCase()} `],
    ['with a space for the hyphen', (code: string) => code.replace('-', ' ')],
  ])('accepts the code typed %s', async (_how, typed) => {
    const email = `digitado${++counter}@exemplo.com`;
    const code = await invitedCode(email);
    expect((await register(registration(email, typed(code)))).statusCode).toBe(201);
    const [row] = await t.app.ctx.db.select().from(invites).where(eq(invites.code, code));
    expect(row!.usedAt).not.toBeNull();
  });

  it.each(['ctf4u', 'ctf-4uj-9', 'ct#4uj', ''])('refuses %j in Portuguese before looking it up', async (typed) => {
    const res = await register(registration('lixo@exemplo.com', typed));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Dados inválidos: Código de convite inválido');
  });

  it('refuses a used code', async () => {
    const code = await invitedCode('usada@exemplo.com');
    expect((await register(registration('usada@exemplo.com', code))).statusCode).toBe(201);
    const again = await register(registration('usada@exemplo.com', code));
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(INVITE_INVALID);
  });

  it('refuses an expired code (7 days) and an unknown one', async () => {
    const code = await invitedCode('atrasada@exemplo.com');
    clockOffsetMs = LIMITS.inviteTtlMs + 1000;
    expect((await register(registration('atrasada@exemplo.com', code))).json()).toEqual(INVITE_INVALID);
    clockOffsetMs = LIMITS.inviteTtlMs - 60_000;
    expect((await register(registration('atrasada@exemplo.com', code))).statusCode).toBe(201);
    expect((await register(registration('x@exemplo.com', 'ZZZ-ZZZ'))).json()).toEqual(INVITE_INVALID);
  });

  it('refuses a code sent to another e-mail, with the same answer as an unknown code', async () => {
    const code = await invitedCode('destinataria@exemplo.com');
    const res = await register(registration('intrusa@exemplo.com', code));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(INVITE_INVALID);
    expect((await register(registration('destinataria@exemplo.com', code))).statusCode).toBe(201);
  });

  it('answers 409 to a nickName already in use, in any case, and keeps the invite usable', async () => {
    const code = await invitedCode('apelido@exemplo.com');
    const res = await register(registration('apelido@exemplo.com', code, { nickName: 'BRUNO' }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ statusCode: 409, error: 'Conflict', message: 'Apelido já está em uso' });
    expect((await register(registration('apelido@exemplo.com', code))).statusCode).toBe(201);
  });

  it('answers 409 when the e-mail got an account meanwhile (two workspaces invited it), and isolates workspaces', async () => {
    await createWorkspaceWithAdmin(t.app, { name: 'Outra Equipe', adminNickName: 'adminoutra' });
    const other = await signIn(t.app, 'adminoutra');
    const fromOther = await invitedCode('disputada@exemplo.com', other.accessToken);
    const fromDemo = await invitedCode('disputada@exemplo.com');

    const joined = await register(registration('disputada@exemplo.com', fromOther));
    expect(joined.statusCode).toBe(201);
    expect(joined.json().user.workspaces).toEqual([{ id: other.user.workspaces[0]!.id, name: 'Outra Equipe', features: [] }]);

    const second = await register(registration('disputada@exemplo.com', fromDemo));
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ statusCode: 409, error: 'Conflict', message: 'E-mail já cadastrado' });
  });

  it('enforces the member limit again at registration, without counting its own invite twice', async () => {
    const code = await invitedCode('semvaga@exemplo.com');
    // Active members plus the other pending invites: the registering invite's seat becomes the account's.
    const n = await countSeats(t.app.ctx.db, admin.workspaceId, new Date(), 'semvaga@exemplo.com');
    await setMemberLimit(t.app, admin.workspaceId, n);
    const res = await register(registration('semvaga@exemplo.com', code));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(LIMIT_REACHED);
    await setMemberLimit(t.app, admin.workspaceId, n + 1);
    expect((await register(registration('semvaga@exemplo.com', code))).statusCode).toBe(201);
  });

  it('lets only one of several simultaneous registrations use a code', async () => {
    const code = await invitedCode('corrida@exemplo.com');
    const results = await Promise.all(Array.from({ length: 6 }, () => register(registration('corrida@exemplo.com', code))));
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, 400, 400, 400, 400, 400]);
    for (const loser of results.filter((r) => r.statusCode !== 201)) expect(loser.json()).toEqual(INVITE_INVALID);
  });

  it('answers 400 in Portuguese to a malformed body', async () => {
    const res = await register({ name: 'N', email: 'x', nickName: 'a b', password: '123', inviteCode: 'ABCDE' });
    expect(res.statusCode).toBe(400);
    const messages = (res.json().issues as Array<{ path: string[]; message: string }>).map((i) => [i.path[0], i.message]);
    expect(messages).toEqual(
      expect.arrayContaining([
        ['name', 'Mínimo de 2 caracteres'],
        ['email', 'E-mail inválido'],
        ['nickName', 'Apenas letras e números'],
        ['password', 'Mínimo de 8 caracteres'],
        ['inviteCode', 'Código de convite inválido'],
      ]),
    );
  });
});

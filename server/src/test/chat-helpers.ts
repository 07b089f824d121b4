import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Role } from '@chat/contracts';
import { users, workspaces } from '../db/schema';

// Chat tests work in workspaces of their own (the demo's seeded chats would blur counts and
// orders). Users are inserted directly and get a signed access token: no argon2, no sign-in call.

export interface TestUser {
  id: string;
  name: string;
  nickName: string;
  email: string;
  role: Role;
  workspaceId: string;
  token: string;
}

const suffix = () => randomBytes(3).toString('hex');

export async function createWorkspace(app: FastifyInstance, name = `Equipe ${suffix()}`): Promise<string> {
  const [row] = await app.ctx.db.insert(workspaces).values({ name }).returning({ id: workspaces.id });
  return row!.id;
}

/** A member of `workspaceId`; nickName gets a random suffix (nickNames are unique everywhere). */
export async function createUser(
  app: FastifyInstance,
  workspaceId: string,
  options: { name: string; nick?: string; role?: Role; email?: string },
): Promise<TestUser> {
  const nickName = `${
    options.nick ??
    options.name
      .split(' ')[0]!
      .normalize('NFD')
      .replace(/[^A-Za-z]/g, '')
      .toLowerCase()
  }${suffix()}`;
  const email = options.email ?? `${nickName}@teste.chat`;
  const [row] = await app.ctx.db
    .insert(users)
    .values({ name: options.name, nickName, email, role: options.role ?? 'USER', passwordHash: 'x', workspaceId })
    .returning();
  const token = await app.ctx.accessTokens.sign({ id: row!.id, role: row!.role, workspaceId });
  return { id: row!.id, name: row!.name, nickName, email, role: row!.role, workspaceId, token };
}

/** A fresh workspace with one user per name. */
export async function createTeam<const N extends readonly string[]>(app: FastifyInstance, names: N): Promise<{ [K in keyof N]: TestUser }> {
  const workspaceId = await createWorkspace(app);
  const team: TestUser[] = [];
  for (const name of names) team.push(await createUser(app, workspaceId, { name }));
  return team as { [K in keyof N]: TestUser };
}

export const deactivate = (app: FastifyInstance, user: TestUser) =>
  app.ctx.db.update(users).set({ active: false }).where(eq(users.id, user.id));

/** Authenticated calls to /api as `user`. */
export function as(app: FastifyInstance, user: TestUser) {
  const call = (method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: unknown): Promise<LightMyRequestResponse> =>
    app.inject({
      method,
      url: `/api${url}`,
      headers: { authorization: `Bearer ${user.token}` },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  return {
    get: (url: string) => call('GET', url),
    post: (url: string, body: unknown) => call('POST', url, body),
    patch: (url: string, body: unknown) => call('PATCH', url, body),
    put: (url: string, body: unknown) => call('PUT', url, body),
    delete: (url: string, body?: unknown) => call('DELETE', url, body),
  };
}

let clientCounter = 0;
export const newClientId = () => `cli-${Date.now()}-${++clientCounter}-${suffix()}`;

export const textMessage = (chatId: string, body: string, options: { isGroup?: boolean; clientId?: string } = {}) => ({
  conversationId: chatId,
  isGroup: options.isGroup ?? false,
  content: { type: 'text', body },
  clientId: options.clientId ?? newClientId(),
});

/** Expects a status and returns the JSON body (fails with the body in the message otherwise). */
export function expectStatus<T = unknown>(res: LightMyRequestResponse, status: number): T {
  if (res.statusCode !== status) throw new Error(`esperado ${status}, veio ${res.statusCode}: ${res.body}`);
  return res.json() as T;
}

/** A group history without its system lines ('Ana criou o grupo'...), for tests about the messages people sent. */
export const sentByPeople = <M extends { content: { type: string } }>(messages: readonly M[]): M[] =>
  messages.filter((m) => m.content.type !== 'system');

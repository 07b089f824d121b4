import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { users, workspaces } from '../../db/schema';
import { signIn } from '../../test/auth-helpers';
import { createTeam, type TestUser } from '../../test/chat-helpers';
import { TEST_ROOT_PASSWORD } from '../../test/harness';

// Shared by the two workspace test files: ROOT's calls and a small team with an administrator.

export type Call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) => Promise<LightMyRequestResponse>;

/** Calls /api with a bearer token. */
export const caller =
  (app: FastifyInstance, token: string): Call =>
  (method, url, payload) =>
    app.inject({ method, url: `/api${url}`, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });

export async function rootCaller(app: FastifyInstance): Promise<Call> {
  return caller(app, (await signIn(app, 'root', TEST_ROOT_PASSWORD)).accessToken);
}

/** A fresh workspace whose first member is its ADMIN (role and workspaces.admin_id). */
export async function teamWithAdmin<const N extends readonly string[]>(app: FastifyInstance, names: N) {
  const team = (await createTeam(app, names)) as unknown as TestUser[];
  const admin = team[0]!;
  await app.ctx.db.update(users).set({ role: 'ADMIN' }).where(eq(users.id, admin.id));
  await app.ctx.db.update(workspaces).set({ adminId: admin.id }).where(eq(workspaces.id, admin.workspaceId));
  admin.role = 'ADMIN';
  admin.token = await app.ctx.accessTokens.sign({ id: admin.id, role: 'ADMIN', workspaceId: admin.workspaceId });
  return team as { [K in keyof N]: TestUser };
}

import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Socket } from 'socket.io-client';
import { DEFAULT_WORKSPACE_FEATURES, type WorkspaceFeature } from '@chat/contracts';
import { workspaces } from '../db/schema';
import { createUser, createWorkspace, type TestUser } from './chat-helpers';

// Team-administration tests work in workspaces of their own: an ADMIN and members,
// with the workspace features they choose (the demo's three admin features by default).

export async function createAdminTeam<const N extends readonly string[]>(
  app: FastifyInstance,
  memberNames: N,
  options: { features?: readonly WorkspaceFeature[]; limitOfMembers?: number } = {},
): Promise<{ admin: TestUser; members: { [K in keyof N]: TestUser }; workspaceId: string }> {
  const workspaceId = await createWorkspace(app);
  const admin = await createUser(app, workspaceId, { name: 'Admin Equipe', role: 'ADMIN' });
  await app.ctx.db
    .update(workspaces)
    .set({
      adminId: admin.id,
      features: [...(options.features ?? DEFAULT_WORKSPACE_FEATURES)],
      limitOfMembers: options.limitOfMembers ?? 0,
    })
    .where(eq(workspaces.id, workspaceId));
  const members: TestUser[] = [];
  for (const name of memberNames) members.push(await createUser(app, workspaceId, { name }));
  return { admin, members: members as { [K in keyof N]: TestUser }, workspaceId };
}

export const setFeatures = (app: FastifyInstance, workspaceId: string, features: readonly WorkspaceFeature[]) =>
  app.ctx.db
    .update(workspaces)
    .set({ features: [...features] })
    .where(eq(workspaces.id, workspaceId));

/** Resolves with the reason when the client socket is disconnected; fails after `timeoutMs`. */
export function disconnected(socket: Socket, timeoutMs = 1000): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`socket não desconectado em ${timeoutMs} ms`)), timeoutMs);
    socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });
}

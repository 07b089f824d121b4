import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { users, workspaces } from '../db/schema';
import { hashPassword } from '../modules/auth/passwords';
import { TEST_DEMO_PASSWORD } from './harness';

/** A second workspace with its own ADMIN (password TEST_DEMO_PASSWORD), for isolation tests. */
export async function createWorkspaceWithAdmin(
  app: FastifyInstance,
  input: { name: string; adminNickName: string; limitOfMembers?: number },
): Promise<{ workspaceId: string; adminId: string; adminEmail: string }> {
  const { db } = app.ctx;
  const [workspace] = await db
    .insert(workspaces)
    .values({ name: input.name, limitOfMembers: input.limitOfMembers ?? 0 })
    .returning({ id: workspaces.id });
  const adminEmail = `${input.adminNickName}@outra.chat`;
  const [admin] = await db
    .insert(users)
    .values({
      name: `Admin ${input.name}`,
      nickName: input.adminNickName,
      email: adminEmail,
      role: 'ADMIN',
      passwordHash: await hashPassword(TEST_DEMO_PASSWORD),
      workspaceId: workspace!.id,
    })
    .returning({ id: users.id });
  await db.update(workspaces).set({ adminId: admin!.id }).where(eq(workspaces.id, workspace!.id));
  return { workspaceId: workspace!.id, adminId: admin!.id, adminEmail };
}

export async function setMemberLimit(app: FastifyInstance, workspaceId: string, limitOfMembers: number) {
  await app.ctx.db.update(workspaces).set({ limitOfMembers }).where(eq(workspaces.id, workspaceId));
}

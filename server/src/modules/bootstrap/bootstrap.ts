import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import type { Env } from '../../config/env';
import type { Db } from '../../db/client';
import { users, workspaces } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { hashPassword } from '../auth/passwords';
import { countUsers } from '../users/users.repository';
import { seedDemoChats } from './demo-chats';
import { type CreatedAccount, credentialsFilePath, writeCredentialsFile } from './credentials-file';
import { DEMO_EMAIL_DOMAIN, DEMO_MEMBERS, DEMO_WORKSPACE, ROOT_ACCOUNT } from './demo-data';

/** Several processes may start together on one PostgreSQL: only one of them bootstraps. */
const BOOTSTRAP_LOCK_KEY = 727_002;

export type BootstrapReport =
  { created: true; accounts: CreatedAccount[]; credentialsFile: string } | { created: false; credentialsFile: string | null };

/** 12 characters from base64url: easy to copy from a terminal, well within the 8–72 rule. */
const generatePassword = () => randomBytes(9).toString('base64url');

type BootstrapEnv = Pick<Env, 'dataDir' | 'rootEmail' | 'rootPassword' | 'demoPassword' | 'seedDemo'>;

/**
 * On an empty database creates the ROOT account and, unless SEED_DEMO=false, the demo workspace.
 * "Empty" means no user at all, so this happens once: a restart (even with other settings) never
 * seeds again.
 */
export async function bootstrap(db: Db, env: BootstrapEnv): Promise<BootstrapReport> {
  const existing = () => {
    const file = credentialsFilePath(env.dataDir);
    return { created: false as const, credentialsFile: existsSync(file) ? file : null };
  };
  if ((await countUsers(db)) > 0) return existing();

  const rootPassword = env.rootPassword ?? generatePassword();
  const demoPassword = env.demoPassword ?? generatePassword();
  // Hashing is slow (argon2): do it before taking the lock.
  const rootHash = await hashPassword(rootPassword);
  const demoHash = env.seedDemo ? await hashPassword(demoPassword) : '';

  const accounts = await inTransaction(db, async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${BOOTSTRAP_LOCK_KEY})`);
    if ((await countUsers(tx)) > 0) return null;

    const created: CreatedAccount[] = [];
    await tx.insert(users).values({
      name: ROOT_ACCOUNT.name,
      nickName: ROOT_ACCOUNT.nickName,
      email: env.rootEmail,
      role: 'ROOT',
      passwordHash: rootHash,
    });
    created.push({
      role: 'ROOT',
      nickName: ROOT_ACCOUNT.nickName,
      email: env.rootEmail,
      password: env.rootPassword ? 'ROOT_PASSWORD' : rootPassword,
      generated: !env.rootPassword,
    });
    if (!env.seedDemo) return created;

    const [workspace] = await tx.insert(workspaces).values(DEMO_WORKSPACE).returning({ id: workspaces.id });
    const members = await tx
      .insert(users)
      .values(
        DEMO_MEMBERS.map((m) => ({
          name: m.name,
          nickName: m.nickName,
          email: `${m.nickName}@${DEMO_EMAIL_DOMAIN}`,
          role: m.role,
          passwordHash: demoHash,
          workspaceId: workspace!.id,
        })),
      )
      .returning({ id: users.id, role: users.role, nickName: users.nickName, email: users.email });
    const admin = members.find((m) => m.role === 'ADMIN');
    await tx.update(workspaces).set({ adminId: admin!.id }).where(eq(workspaces.id, workspace!.id));
    await seedDemoChats(tx, new Map(members.map((m) => [m.nickName, m.id])), workspace!.id);
    for (const m of members) {
      created.push({
        role: m.role,
        nickName: m.nickName,
        email: m.email,
        password: env.demoPassword ? 'DEMO_PASSWORD' : demoPassword,
        generated: !env.demoPassword,
      });
    }
    return created;
  });

  // Another process bootstrapped between our count and our lock.
  if (!accounts) return existing();
  mkdirSync(env.dataDir, { recursive: true });
  return { created: true, accounts, credentialsFile: writeCredentialsFile(env.dataDir, accounts) };
}

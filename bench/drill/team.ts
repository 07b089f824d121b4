import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Conversation, SigninResponse } from '@chat/contracts';
import { outboxDir } from '@chat/server/bench-api';
import { call, expectOk } from './http';

// The drill's people, made through the API as an operator and an admin would: ROOT creates a
// workspace, its admin sets a password through the welcome link (the mail lands in the outbox of
// the process that created it), the admin creates the members, and each member signs in.
// Member 2k and member 2k+1 talk in one conversation.

export const ROOT_EMAIL = 'root@exercicio.local';
export const ROOT_PASSWORD = 'senha-root-exercicio';
const PASSWORD = 'senha-membro-exercicio';
const ADMIN_EMAIL = 'admin@exercicio.local';

export interface Account {
  index: number;
  id: string;
  name: string;
  token: string;
  partnerId: string;
  conversationId: string;
}

const signIn = async (base: string, identifier: string, password: string) =>
  expectOk<SigninResponse>(await call(base, 'POST', '/api/auth/signin', { body: { identifier, password } }), `entrar como ${identifier}`);

/** The welcome link's token from the newest mail of `dataDir`'s outbox. */
function welcomeToken(dataDir: string): string {
  const dir = outboxDir(dataDir);
  const newest = readdirSync(dir)
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .at(-1);
  const token = newest && /token=([0-9a-f]{64})/.exec(readFileSync(path.join(dir, newest), 'utf8'))?.[1];
  if (!token) throw new Error(`nenhum link de boas-vindas em ${dir}`);
  return token;
}

/** `base`: one process's own URL; `dataDir`: that process's DATA_DIR. */
export async function createTeam(base: string, dataDir: string, members: number): Promise<Account[]> {
  const root = await signIn(base, ROOT_EMAIL, ROOT_PASSWORD);
  const workspace = { name: 'Exercício de falhas', adminName: 'Admin Exercício', adminEmail: ADMIN_EMAIL, limitOfMembers: 0 };
  expectOk(await call(base, 'POST', '/api/workspace/create', { token: root.accessToken, body: workspace }), 'criar o workspace');
  const token = welcomeToken(dataDir);
  expectOk(await call(base, 'PATCH', '/api/password-token/use', { body: { token, newPassword: PASSWORD } }), 'definir a senha do admin');
  const admin = await signIn(base, ADMIN_EMAIL, PASSWORD);

  const signedIn: SigninResponse[] = [];
  for (let i = 0; i < members; i++) {
    const body = { name: `Membro ${i}`, email: `membro${i}@exercicio.local`, nickName: `membro${i}`, password: PASSWORD };
    expectOk(await call(base, 'POST', '/api/user/create-member-without-invite', { token: admin.accessToken, body }), `criar o membro ${i}`);
    signedIn.push(await signIn(base, body.email, PASSWORD));
  }
  const accounts: Account[] = [];
  for (let i = 0; i + 1 < signedIn.length; i += 2) {
    const [one, two] = [signedIn[i]!, signedIn[i + 1]!];
    const conversation = expectOk<Conversation>(
      await call(base, 'POST', '/api/conversation/create', { token: one.accessToken, body: { userTwoId: two.user.id } }),
      `criar a conversa ${i / 2}`,
    );
    for (const [index, me, partner] of [
      [i, one, two],
      [i + 1, two, one],
    ] as const) {
      accounts.push({
        index,
        id: me.user.id,
        name: me.user.name,
        token: me.accessToken,
        partnerId: partner.user.id,
        conversationId: conversation.id,
      });
    }
  }
  return accounts;
}

import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Conversation, Group, Message } from '@chat/contracts';
import { users } from '../db/schema';
import { signIn } from './auth-helpers';
import { as, createUser, createWorkspace, expectStatus, newClientId, textMessage, type TestUser } from './chat-helpers';
import { uploadedPng } from './media';
import { hashPassword } from '../modules/auth/passwords';

// Two colleagues who chat (a conversation and a group), each with messages, an image, a reaction
// and a signed-in session: the person whose data is exported or erased, and the one whose data
// must stay out of it or untouched. Tests only.

export const PASSWORD = 'senha-da-pessoa-1';

export interface Person extends TestUser {
  /** A session's access token (signed in through the real route). */
  sessionToken: string;
  imageUrl: string;
  texts: string[];
}

export interface Pair {
  me: Person;
  peer: Person;
  conversation: Conversation;
  group: Group;
}

/** Signs the user in with PASSWORD (a session row with a device), as a browser would. */
async function withSession(app: FastifyInstance, user: TestUser): Promise<string> {
  await app.ctx.db
    .update(users)
    .set({ passwordHash: await hashPassword(PASSWORD) })
    .where(eq(users.id, user.id));
  return (await signIn(app, user.email, PASSWORD)).accessToken;
}

export const uploadImage = (app: FastifyInstance, owner: TestUser, name: string): Promise<string> => uploadedPng(app, owner.token, name);

const send = async (app: FastifyInstance, who: TestUser, chatId: string, body: string, isGroup = false) =>
  expectStatus<Message>(await as(app, who).post('/message/send', textMessage(chatId, body, { isGroup })), 200);

export async function seedPair(app: FastifyInstance, names: { me: string; peer: string }, tag: string): Promise<Pair> {
  const workspaceId = await createWorkspace(app);
  const meUser = await createUser(app, workspaceId, { name: names.me });
  const peerUser = await createUser(app, workspaceId, { name: names.peer });
  const conversation = expectStatus<Conversation>(await as(app, meUser).post('/conversation/create', { userTwoId: peerUser.id }), 200);
  const group = expectStatus<Group>(
    await as(app, meUser).post('/group/create', { name: `Grupo ${tag}`, description: '', members: [peerUser.id] }),
    200,
  );

  const people: Person[] = [];
  for (const [user, who] of [
    [meUser, 'minha'],
    [peerUser, 'alheia'],
  ] as const) {
    const texts = [`texto-${who}-${tag}-conversa`, `texto-${who}-${tag}-grupo`];
    await send(app, user, conversation.id, texts[0]!);
    await send(app, user, group.id, texts[1]!, true);
    const imageUrl = await uploadImage(app, user, `imagem-${who}.png`);
    expectStatus(
      await as(app, user).post('/message/send', {
        conversationId: conversation.id,
        isGroup: false,
        clientId: newClientId(),
        content: { type: 'image', body: imageUrl },
      }),
      200,
    );
    people.push({ ...user, sessionToken: await withSession(app, user), imageUrl, texts });
  }
  const [me, peer] = people as [Person, Person];
  // Each reacts to the other's first message.
  const history = expectStatus<{ messages: Message[] }>(
    await as(app, me).get(`/message/get-messages-by-conversation?conversationId=${conversation.id}&all=true`),
    200,
  );
  const mine = history.messages.find((m) => m.content.body === me.texts[0])!;
  const theirs = history.messages.find((m) => m.content.body === peer.texts[0])!;
  expectStatus(await as(app, me).post(`/message/${theirs.id}/reactions`, { emoji: '🎉' }), 200);
  expectStatus(await as(app, peer).post(`/message/${mine.id}/reactions`, { emoji: '👀' }), 200);
  return { me, peer, conversation, group };
}

/** Calls /api as the person's signed-in session (not the test's bare token). */
export function asSession(app: FastifyInstance, person: Person) {
  return as(app, { ...person, token: person.sessionToken });
}

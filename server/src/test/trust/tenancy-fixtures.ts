import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { users } from '../../db/schema';
import { as, createUser, textMessage, type TestUser } from '../chat-helpers';
import { TINY_IMAGES } from '../images';
import { target, uploadUrlFor } from '../media';
import { createAdminTeam } from '../team';
import type { SlotKind } from './route-templates';

// Two workspaces filled through the real routes: one of everything the API has ids for
// (members, a conversation with a message, a group with its webhooks, a polygon, an invite, an
// API key, an upload, a session).

export interface Tenant {
  workspaceId: string;
  admin: TestUser;
  /** A USER who owns the tenant's conversation, group (as its admin) and API key. */
  member: TestUser;
  /** The other side of the conversation, member of the group. */
  peer: TestUser;
  /** One value per placeholder kind: what this tenant's requests would carry. */
  slots: Record<SlotKind, string>;
  /** The public URL of the member's upload. */
  mediaUrl: string;
  /** Every text that is this tenant's own (ids, names, e-mails, message...): none may reach the other tenant. */
  marks: string[];
}

/** The JSON of a 2xx answer; fails with the body otherwise. */
function ok<T>(res: LightMyRequestResponse): T {
  if (res.statusCode >= 300) throw new Error(`esperado 2xx, veio ${res.statusCode}: ${res.body}`);
  return res.json() as T;
}

const tag = () => randomBytes(4).toString('hex');

export async function createTenant(app: FastifyInstance, label: string): Promise<Tenant> {
  const t = tag();
  const team = await createAdminTeam(app, [`${label} Membro ${t}`, `${label} Par ${t}`]);
  const { members, workspaceId } = team;
  // createAdminTeam names every admin alike: a name of this tenant's own, so a leak of it shows.
  const admin = { ...team.admin, name: `Admin ${label} ${t}` };
  await app.ctx.db.update(users).set({ name: admin.name }).where(eq(users.id, admin.id));
  const [member, peer] = members;
  const root = await app.ctx.db.query.workspaces.findFirst({ where: (w, { eq }) => eq(w.id, workspaceId) });
  const conversation = ok<{ id: string }>(await as(app, member).post('/conversation/create', { userTwoId: peer.id }));
  const text = `segredo ${label} ${t}`;
  const sent = await as(app, member).post('/message/send', textMessage(conversation.id, text));
  const message = sent.json() as { id: string };
  if (sent.statusCode >= 300) throw new Error(`mensagem não enviada: ${sent.body}`);
  const groupName = `Grupo ${label} ${t}`;
  const group = ok<{ id: string }>(
    await as(app, member).post('/group/create', { name: groupName, description: `Descrição ${label} ${t}`, members: [peer.id] }),
  );
  // The group's integrations; the outgoing one waits for a mention nobody writes, so no delivery
  // runs in the background of the proofs.
  const hookName = `Gancho ${label} ${t}`;
  const hook = ok<{ id: string; url: string }>(await as(app, member).post(`/group/${group.id}/webhooks`, { name: hookName }));
  const outgoingName = `Saida ${label} ${t}`;
  const outgoing = ok<{ id: string; secret: string }>(
    await as(app, member).post(`/group/${group.id}/outgoing-webhooks`, {
      name: outgoingName,
      url: `https://hooks.exemplo.com/${t}`,
      trigger: 'mention',
    }),
  );
  const polygonName = `Pol ${label} ${t}`;
  const polygonRes = await as(app, admin).post('/neo-custom-data/create', { name: polygonName });
  if (polygonRes.statusCode >= 300) throw new Error(`polígono não criado: ${polygonRes.body}`);
  const polygon = polygonRes.json() as { id: string };
  const inviteEmail = `convite-${label.toLowerCase()}-${t}@teste.chat`;
  const invite = await as(app, admin).post('/user/invite', { email: inviteEmail });
  if (invite.statusCode >= 300) throw new Error(`convite não criado: ${invite.body}`);
  const invites = ok<Array<{ id: string }>>(await as(app, admin).get('/user/invites'));
  const keyName = `Chave ${label} ${t}`;
  const apiKey = ok<{ id: string; key: string }>(
    await as(app, member).post('/api-key/create', { name: keyName, permissions: 'FULL_ACCESS' }),
  );
  const { key } = apiKey;
  const upload = await uploadUrlFor(app, member.token, 'image/png', `foto-${t}.png`);
  const put = await app.inject({
    method: 'PUT',
    url: target(upload),
    headers: { 'content-type': 'image/png' },
    payload: TINY_IMAGES['image/png'],
  });
  if (put.statusCode >= 300) throw new Error(`upload falhou: ${put.body}`);
  const mediaKey = upload.pathname.split('/').pop()!;
  // A signed-in session of the peer (a sign-in from a browser, as the route starts one).
  const session = await app.ctx.refreshTokens.issue(peer.id, false);
  const mediaUrl = (put.json() as { url: string }).url;
  return {
    workspaceId,
    admin,
    member,
    peer,
    mediaUrl,
    slots: {
      user: peer.id,
      conversation: conversation.id,
      group: group.id,
      message: message.id,
      polygon: polygon.id,
      workspace: workspaceId,
      invite: invites[0]!.id,
      email: peer.email,
      session: session.familyId,
      term: peer.name.split(' ').slice(1).join(' '),
      webhook: hook.id,
      outgoingWebhook: outgoing.id,
    },
    marks: [
      workspaceId,
      root!.name,
      ...[admin, member, peer].flatMap((u) => [u.id, u.name, u.email, u.nickName]),
      conversation.id,
      message.id,
      text,
      group.id,
      groupName,
      polygon.id,
      polygonName,
      invites[0]!.id,
      inviteEmail,
      apiKey.id,
      keyName,
      key,
      mediaKey,
      session.familyId,
      hook.id,
      hookName,
      hook.url.split('/').pop()!,
      outgoing.id,
      outgoingName,
      outgoing.secret,
    ],
  };
}

/** A member added later (a USER with no conversation), for calls that need a plain USER. */
export const addUser = (app: FastifyInstance, tenant: Tenant, name: string) => createUser(app, tenant.workspaceId, { name });

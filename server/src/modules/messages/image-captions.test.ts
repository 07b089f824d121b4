import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Conversation, type Group, type Message, type MessageSearchPage, publicUrlFromUploadUrl } from '@chat/contracts';
import { as, createTeam, expectStatus, newClientId, type TestUser } from '../../test/chat-helpers';
import { createTestApp, type TestApp } from '../../test/harness';
import { TINY_IMAGES } from '../../test/images';
import { target, uploadUrlFor } from '../../test/media';

// An image message may carry a caption: validated like a text (trimmed, at most 2000 characters,
// visible), stored with the image, returned with it everywhere, and found by the message, chat
// and group searches, as text is; the image's URL never is.

let t: TestApp;
let ana: TestUser, bruno: TestUser, carla: TestUser;
let conversation: Conversation;
let group: Group;

beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  [ana, bruno, carla] = await createTeam(t.app, ['Ana Legenda', 'Bruno Legenda', 'Carla Legenda']);
  conversation = expectStatus(await as(t.app, ana).post('/conversation/create', { userTwoId: bruno.id }), 200);
  group = expectStatus(await as(t.app, ana).post('/group/create', { name: 'Fotos', description: '', members: [bruno.id] }), 200);
});
afterAll(() => t?.close());

async function uploadedImage(owner: TestUser): Promise<string> {
  const upload = await uploadUrlFor(t.app, owner.token, 'image/png', 'quadro.png');
  const put = await t.app.inject({
    method: 'PUT',
    url: target(upload),
    headers: { 'content-type': 'image/png' },
    payload: TINY_IMAGES['image/png'],
  });
  expect(put.statusCode).toBeLessThan(300);
  return publicUrlFromUploadUrl(upload.toString());
}

const sendImage = async (who: TestUser, chatId: string, caption: unknown, { isGroup = false, clientId = newClientId() } = {}) =>
  as(t.app, who).post('/message/send', {
    conversationId: chatId,
    isGroup,
    clientId,
    content: { type: 'image', body: await uploadedImage(who), caption },
  });
const search = async (query: string, who = ana) =>
  expectStatus<MessageSearchPage>(await as(t.app, who).get(`/message/search?content=${encodeURIComponent(query)}`), 200);

describe('image captions', () => {
  it('stores the trimmed caption and returns it with the image, in the answer and the history', async () => {
    const sent = expectStatus<Message>(await sendImage(ana, conversation.id, '  Quadro da *reunião*\nsegunda linha  '), 200);
    expect(sent.content).toMatchObject({ type: 'image', caption: 'Quadro da *reunião*\nsegunda linha' });
    expect(sent.content.body).toMatch(/^http:\/\/.+\/media\/avatars\/.+\.png$/);
    const history = expectStatus<{ messages: Message[] }>(
      await as(t.app, bruno).get(`/message/get-messages-by-conversation?conversationId=${conversation.id}`),
      200,
    );
    expect(history.messages.find((m) => m.id === sent.id)?.content.caption).toBe('Quadro da *reunião*\nsegunda linha');
  });

  it('a retry with the same clientId returns the stored caption, not a second message', async () => {
    const clientId = newClientId();
    const first = expectStatus<Message>(await sendImage(ana, conversation.id, 'uma vez só', { clientId }), 200);
    const again = expectStatus<Message>(await sendImage(ana, conversation.id, 'uma vez só', { clientId }), 200);
    expect(again.id).toBe(first.id);
    expect(again.content.caption).toBe('uma vez só');
  });

  it('an image without a caption, or with a blank one, has none', async () => {
    expect(expectStatus<Message>(await sendImage(ana, conversation.id, undefined), 200).content).not.toHaveProperty('caption');
    expect(expectStatus<Message>(await sendImage(ana, conversation.id, ' \n '), 200).content).not.toHaveProperty('caption');
  });

  it('refuses a caption over 2000 characters, or with nothing visible, in Portuguese', async () => {
    const tooLong = await sendImage(ana, conversation.id, 'a'.repeat(2001));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({
      message: 'Dados inválidos: Legenda deve ter no máximo 2000 caracteres',
      issues: [{ path: ['content', 'caption'] }],
    });
    const hidden = await sendImage(ana, conversation.id, '\u200B');
    expect(hidden.statusCode).toBe(400);
    expect(hidden.json().message).toBe('Dados inválidos: A legenda precisa ter texto visível');
    expect(expectStatus<Message>(await sendImage(ana, conversation.id, 'a'.repeat(2000)), 200).content.caption).toHaveLength(2000);
  });

  it('the message search finds a caption, accent- and case-insensitively, never the URL', async () => {
    const sent = expectStatus<Message>(await sendImage(bruno, group.id, 'Cronograma do TRIMESTRE', { isGroup: true }), 200);
    const page = await search('cronograma do trimestre');
    expect(page.hits).toHaveLength(1);
    expect(page.hits[0]).toMatchObject({
      id: sent.id,
      type: 'image',
      body: 'Cronograma do TRIMESTRE',
      chat: { kind: 'group', id: group.id },
    });
    expect((await search('reuniao')).hits.map((h) => h.body)).toEqual(['Quadro da *reunião*\nsegunda linha']);
    expect((await search('quadro.png')).hits).toEqual([]);
    expect((await search('media/avatars')).hits).toEqual([]);
    // Not in the chat: not found.
    expect((await search('cronograma', carla)).hits).toEqual([]);
  });

  it('the chat and group searches find a chat by a caption', async () => {
    const conversations = expectStatus<Conversation[]>(await as(t.app, bruno).get('/conversation/search?content=reuniao'), 200);
    expect(conversations.map((c) => c.id)).toEqual([conversation.id]);
    const groups = expectStatus<Group[]>(await as(t.app, ana).get('/group/search?content=cronograma'), 200);
    expect(groups.map((g) => g.id)).toEqual([group.id]);
  });

  it('a deleted image loses its caption and is no longer found', async () => {
    const sent = expectStatus<Message>(await sendImage(ana, conversation.id, 'apagar esta legenda'), 200);
    expect((await search('apagar esta')).hits).toHaveLength(1);
    const deleted = expectStatus<Message>(await as(t.app, ana).delete(`/message/${sent.id}`), 200);
    expect(deleted.content).not.toHaveProperty('caption');
    expect((await search('apagar esta')).hits).toEqual([]);
  });
});

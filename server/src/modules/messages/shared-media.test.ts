import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Group, type Message, type MessageSearchPage, publicUrlFromUploadUrl, type SharedMediaPage } from '@chat/contracts';
import { as, createTeam, expectStatus, newClientId, textMessage, type TestUser } from '../../test/chat-helpers';
import { createTestApp, type TestApp } from '../../test/harness';
import { TINY_IMAGES } from '../../test/images';
import { target } from '../../test/media';

// What a chat shared ('Arquivos' and 'Mídia' of its details panel), newest first and paged, for
// its members only; files found by their name; and the edit refusal that names what a message is.

const PDF = Buffer.from('%PDF-1.4\n%%EOF\n');
const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42'), Buffer.alloc(32)]);
const WEBM = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(32, 1)]);

let t: TestApp;
let ana: TestUser, bruno: TestUser, carla: TestUser;
let conversationId: string;
let group: Group;
const sent: Record<string, Message> = {};

async function uploaded(who: TestUser, fileName: string, contentType: string, body: Buffer): Promise<string> {
  const res = await as(t.app, who).post('/cloud/generate-public-media-url', { folder: 'files', fileName, contentType });
  const url = new URL(expectStatus<{ url: string }>(res, 200).url);
  expect(
    (await t.app.inject({ method: 'PUT', url: target(url), headers: { 'content-type': contentType }, payload: body })).statusCode,
  ).toBe(200);
  return publicUrlFromUploadUrl(url.toString());
}

async function send(who: TestUser, content: object, chat: { id: string; isGroup: boolean } = { id: conversationId, isGroup: false }) {
  const body = { conversationId: chat.id, isGroup: chat.isGroup, content, clientId: newClientId() };
  return expectStatus<Message>(await as(t.app, who).post('/message/send', body), 200);
}

const file = async (who: TestUser, fileName: string, contentType: string, body: Buffer) =>
  send(who, { type: 'file', body: await uploaded(who, fileName, contentType, body), fileName, size: 1, mimeType: contentType });

beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  [ana, bruno, carla] = await createTeam(t.app, ['Ana Partilha', 'Bruno Partilha', 'Carla Partilha']);
  conversationId = expectStatus<{ id: string }>(await as(t.app, ana).post('/conversation/create', { userTwoId: bruno.id }), 200).id;
  group = expectStatus<Group>(await as(t.app, ana).post('/group/create', { name: 'Partilha', description: '', members: [bruno.id] }), 200);
  sent.pdf = await file(ana, 'Relatório de Março.pdf', 'application/pdf', PDF);
  sent.image = await send(bruno, { type: 'image', body: await uploaded(bruno, 'gato.png', 'image/png', TINY_IMAGES['image/png']) });
  sent.text = await send(ana, textMessage(conversationId, 'só texto').content);
  sent.video = await file(bruno, 'férias.mp4', 'video/mp4', MP4);
  sent.pngFile = await file(ana, 'planta.png', 'image/png', TINY_IMAGES['image/png']);
  sent.voice = await send(ana, {
    type: 'audio',
    body: await uploaded(ana, 'mensagem-de-voz.weba', 'audio/webm', WEBM),
    fileName: 'mensagem-de-voz.weba',
    size: 1,
    mimeType: 'audio/webm',
    durationMs: 3000,
  });
  sent.song = await file(ana, 'música.weba', 'audio/webm', WEBM);
  sent.deleted = await file(bruno, 'apagado.pdf', 'application/pdf', PDF);
  expectStatus(await as(t.app, bruno).delete(`/message/${sent.deleted.id}`), 200);
}, 60_000);
afterAll(() => t?.close());

const shared = (who: TestUser, query: string) => as(t.app, who).get(`/message/shared-media?${query}`);
const ids = (page: SharedMediaPage) => page.items.map((item) => item.messageId);

describe('GET /message/shared-media', () => {
  it("lists a conversation's images and videos (images sent as files too) as 'media', newest first", async () => {
    const page = expectStatus<SharedMediaPage>(await shared(bruno, `conversationId=${conversationId}&kind=media`), 200);
    expect(ids(page)).toEqual([sent.pngFile!.id, sent.video!.id, sent.image!.id]);
    expect(page.items[1]).toMatchObject({ type: 'file', fileName: 'férias.mp4', mimeType: 'video/mp4', author: { id: bruno.id } });
    expect(page.items[2]).toMatchObject({ type: 'image', url: sent.image!.content.body, fileName: null });
    expect(page.nextCursor).toBeNull();
  });

  it("lists every other file as 'files', without voice notes nor deleted messages", async () => {
    const page = expectStatus<SharedMediaPage>(await shared(ana, `conversationId=${conversationId}&kind=files`), 200);
    expect(ids(page)).toEqual([sent.song!.id, sent.pdf!.id]);
    expect(page.items[1]).toMatchObject({ fileName: 'Relatório de Março.pdf', size: PDF.length, mimeType: 'application/pdf' });
  });

  it('pages with the cursor', async () => {
    const first = expectStatus<SharedMediaPage>(await shared(ana, `conversationId=${conversationId}&kind=files&limit=1`), 200);
    expect(ids(first)).toEqual([sent.song!.id]);
    const second = expectStatus<SharedMediaPage>(
      await shared(ana, `conversationId=${conversationId}&kind=files&limit=1&before=${first.nextCursor}`),
      200,
    );
    expect(ids(second)).toEqual([sent.pdf!.id]);
    expect(second.nextCursor).toBeNull();
  });

  it("lists a group's files for its members", async () => {
    const content = {
      type: 'file',
      body: await uploaded(ana, 'ata.pdf', 'application/pdf', PDF),
      fileName: 'ata.pdf',
      size: 1,
      mimeType: 'application/pdf',
    };
    const ata = await send(ana, content, { id: group.id, isGroup: true });
    const page = expectStatus<SharedMediaPage>(await shared(bruno, `groupId=${group.id}&kind=files`), 200);
    expect(ids(page)).toEqual([ata.id]);
  });

  it('is a 404 for a chat the caller is not part of, and a 400 without exactly one chat', async () => {
    expect((await shared(carla, `conversationId=${conversationId}&kind=files`)).statusCode).toBe(404);
    expect((await shared(carla, `groupId=${group.id}&kind=media`)).statusCode).toBe(404);
    const neither = await shared(ana, 'kind=files');
    expect(neither.statusCode).toBe(400);
    expect(neither.json().message).toContain('Informe uma conversa ou um grupo');
    expect((await shared(ana, `conversationId=${conversationId}&groupId=${group.id}&kind=files`)).statusCode).toBe(400);
    expect((await shared(ana, `conversationId=${conversationId}&kind=tudo`)).statusCode).toBe(400);
  });
});

describe('finding files by name', () => {
  const search = async (who: TestUser, content: string) =>
    expectStatus<MessageSearchPage>(await as(t.app, who).get(`/message/search?content=${encodeURIComponent(content)}`), 200);

  it('finds a file by its name without accents, showing the name', async () => {
    const page = await search(bruno, 'relatorio de marco');
    expect(page.hits.map((hit) => hit.id)).toEqual([sent.pdf!.id]);
    expect(page.hits[0]).toMatchObject({ type: 'file', body: 'Relatório de Março.pdf' });
    expect((await search(bruno, 'FÉRIAS')).hits.map((hit) => hit.id)).toEqual([sent.video!.id]);
  });

  it('does not find voice notes by their generated name, nor deleted files', async () => {
    expect((await search(ana, 'mensagem-de-voz')).hits).toEqual([]);
    expect((await search(ana, 'apagado')).hits).toEqual([]);
  });
});

describe('editing a message that is not text', () => {
  it.each([
    ['a file', 'pdf', 'Arquivos não podem ser editados'],
    ['a voice note', 'voice', 'Mensagens de voz não podem ser editadas'],
    ['an image', 'image', 'Imagens não podem ser editadas'],
  ])('names %s in the refusal', async (_label, key, message) => {
    const author = sent[key]!.authorId === ana.id ? ana : bruno;
    const res = await as(t.app, author).patch(`/message/${sent[key]!.id}`, { body: 'novo' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(message);
  });
});

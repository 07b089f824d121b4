import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Conversation, type Message, publicUrlFromUploadUrl } from '@chat/contracts';
import { workspaces } from '../../db/schema';
import { as, createTeam, expectStatus, newClientId, type TestUser } from '../../test/chat-helpers';
import { createTestApp, type TestApp } from '../../test/harness';
import { HTML, SVG, TINY_IMAGES } from '../../test/images';
import { mediaFiles, target } from '../../test/media';

// Files and voice notes: the 'files' folder takes any type up to MAX_FILE_MB (here 1 MB), checks
// the signature of the types that have one, and serves everything that is not an image, audio or
// video as a download that no browser renders. Then the messages that carry them.

const MB = 1024 * 1024;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
// The first bytes of a WebM (EBML header), as MediaRecorder writes it.
const WEBM = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01]), Buffer.alloc(64, 1)]);

let t: TestApp;
let ana: TestUser, bruno: TestUser, carla: TestUser;
let conversation: Conversation;
beforeAll(async () => {
  t = await createTestApp({ seedDemo: false, env: { MAX_FILE_MB: '1' } });
  [ana, bruno, carla] = await createTeam(t.app, ['Ana Arquivos', 'Bruno Arquivos', 'Carla Arquivos']);
  conversation = expectStatus(await as(t.app, ana).post('/conversation/create', { userTwoId: bruno.id }), 200);
});
afterAll(() => t?.close());

const generate = (who: TestUser, body: object) => as(t.app, who).post('/cloud/generate-public-media-url', { folder: 'files', ...body });

async function signedUrl(who: TestUser, fileName: string, contentType: string): Promise<URL> {
  return new URL(expectStatus<{ url: string }>(await generate(who, { fileName, contentType }), 200).url);
}

const put = (url: URL, contentType: string, body: Buffer) =>
  t.app.inject({ method: 'PUT', url: target(url), headers: { 'content-type': contentType }, payload: body });

/** Uploads `body` as `contentType` and returns its public URL. */
async function uploaded(who: TestUser, fileName: string, contentType: string, body: Buffer): Promise<string> {
  const url = await signedUrl(who, fileName, contentType);
  expect((await put(url, contentType, body)).statusCode).toBe(200);
  return publicUrlFromUploadUrl(url.toString());
}

const download = (url: string) => t.app.inject({ method: 'GET', url: new URL(url).pathname });

const send = (who: TestUser, content: object) =>
  as(t.app, who).post('/message/send', { conversationId: conversation.id, isGroup: false, content, clientId: newClientId() });

describe('uploading files', () => {
  it.each([
    ['Relatório Final.pdf', 'application/pdf', /-relatorio-final\.pdf$/],
    ['página.html', 'text/html', /-pagina\.html$/],
    ['desenho.svg', 'image/svg+xml', /-desenho\.svg$/],
    ['planilha.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', /-planilha\.xlsx$/],
    // A name's .png on a type not checked as PNG is no PNG: the file is a download.
    ['foto.png', 'application/octet-stream', /-foto\.bin$/],
    ['nota de voz', 'audio/webm', /-nota-de-voz\.weba$/],
    ['video.MP4', 'video/mp4', /-video\.mp4$/],
  ])('signs %s (%s) under files/ with a safe name', async (fileName, contentType, pattern) => {
    const url = await signedUrl(carla, fileName, contentType);
    expect(url.pathname).toMatch(/^\/media\/files\/[0-9a-f-]{36}-/);
    expect(url.pathname).toMatch(pattern);
  });

  it('refuses a type with parameters or no subtype, and photos keep to images', async () => {
    expect((await generate(carla, { fileName: 'a.txt', contentType: 'text' })).json().message).toBe(
      'Dados inválidos: Tipo de arquivo inválido',
    );
    const photo = await generate(carla, { fileName: 'a.pdf', contentType: 'application/pdf', folder: 'avatars' });
    expect(photo.statusCode).toBe(415);
    expect(photo.json().message).toBe('Tipo de arquivo inválido');
  });

  it('refuses a file over MAX_FILE_MB before its upload, naming the limit', async () => {
    const res = await generate(carla, { fileName: 'grande.zip', contentType: 'application/zip', size: MB + 1 });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('Arquivo muito grande (máx 1MB)');
    // Images keep their own 10 MB.
    expect((await generate(carla, { fileName: 'a.png', contentType: 'image/png', folder: 'avatars', size: 5 * MB })).statusCode).toBe(200);
  });

  it('refuses the upload of a body over MAX_FILE_MB, leaving nothing', async () => {
    const url = await signedUrl(carla, 'grande.bin', 'application/octet-stream');
    const before = mediaFiles(t.env.dataDir);
    const res = await put(url, 'application/octet-stream', Buffer.alloc(MB + 1));
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('Arquivo muito grande (máx 1MB)');
    expect(mediaFiles(t.env.dataDir)).toEqual(before);
  });

  it.each([
    ['a PDF sent as a PNG', 'image/png', PDF],
    ['an HTML page sent as a PDF', 'application/pdf', HTML],
    ['an SVG sent as a WebM voice note', 'audio/webm', SVG],
    ['a PDF sent as an MP4 video', 'video/mp4', PDF],
  ])('refuses %s with 415 and stores nothing', async (_label, contentType, body) => {
    const url = await signedUrl(carla, 'arquivo', contentType);
    const before = mediaFiles(t.env.dataDir);
    const res = await put(url, contentType, body);
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe('Tipo de arquivo inválido');
    expect(mediaFiles(t.env.dataDir)).toEqual(before);
  });

  it('refuses a PUT whose type is not the signed one', async () => {
    const url = await signedUrl(carla, 'a.pdf', 'application/pdf');
    expect((await put(url, 'text/html', PDF)).statusCode).toBe(415);
  });

  it('refuses a send beyond the workspace quota before the upload starts', async () => {
    const [dora] = await createTeam(t.app, ['Dora Cota']);
    await t.app.ctx.db.update(workspaces).set({ storageQuotaMb: 1 }).where(eq(workspaces.id, dora.workspaceId));
    await uploaded(dora, 'metade.bin', 'application/octet-stream', Buffer.alloc(MB / 2));
    const res = await generate(dora, { fileName: 'outra.bin', contentType: 'application/octet-stream', size: MB / 2 + 1 });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('Cota de armazenamento do workspace esgotada');
  });
});

describe('serving files', () => {
  const DOWNLOAD = {
    'content-type': 'application/octet-stream',
    'x-content-type-options': 'nosniff',
    'content-security-policy': "default-src 'none'",
  };

  it.each([
    ['a PDF', 'Relatório.pdf', 'application/pdf', PDF, 'relatorio.pdf'],
    ['an HTML page', 'Página.html', 'text/html', HTML, 'pagina.html'],
    ['an SVG', 'desenho.svg', 'image/svg+xml', SVG, 'desenho.svg'],
    ['an XML file', 'dados.xml', 'application/xml', Buffer.from('<?xml version="1.0"?><a/>'), 'dados.xml'],
  ])('serves %s as a download under its safe name, never rendered', async (_label, fileName, contentType, body, saved) => {
    const url = await uploaded(ana, fileName, contentType, body);
    const res = await download(url);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload).toEqual(body);
    expect(res.headers).toMatchObject({ ...DOWNLOAD, 'content-disposition': `attachment; filename="${saved}"; filename*=UTF-8''${saved}` });
  });

  it('serves a voice note as audio, inline', async () => {
    const url = await uploaded(ana, 'nota', 'audio/webm', WEBM);
    const res = await download(url);
    expect(res.headers['content-type']).toBe('audio/webm');
    expect(res.headers['content-disposition']).toBeUndefined();
    expect(res.rawPayload).toEqual(WEBM);
  });

  it('serves an image sent as a file as that image', async () => {
    const url = await uploaded(ana, 'gato.png', 'image/png', TINY_IMAGES['image/png']);
    expect((await download(url)).headers['content-type']).toBe('image/png');
  });
});

describe('file and voice-note messages', () => {
  it('stores a file with the size and type of its upload, whatever the browser claimed', async () => {
    const url = await uploaded(ana, 'Relatório.pdf', 'application/pdf', PDF);
    const message = expectStatus<Message>(
      await send(ana, { type: 'file', body: url, fileName: 'Relatório.pdf', size: 999_999, mimeType: 'image/png' }),
      200,
    );
    expect(message.content).toMatchObject({
      type: 'file',
      body: url,
      fileName: 'Relatório.pdf',
      size: PDF.length,
      mimeType: 'application/pdf',
    });
    const history = expectStatus<{ messages: Message[] }>(
      await as(t.app, bruno).get(`/message/get-messages-by-conversation?conversationId=${conversation.id}&all=true`),
      200,
    );
    expect(history.messages.find((m) => m.id === message.id)?.content).toMatchObject({ fileName: 'Relatório.pdf', size: PDF.length });
    const list = expectStatus<Conversation[]>(await as(t.app, bruno).get('/conversation/get-conversations?showEmpty=true'), 200);
    expect(list.find((c) => c.id === conversation.id)?.lastMessage?.content).toMatchObject({ type: 'file', fileName: 'Relatório.pdf' });
  });

  it('stores a voice note with its length', async () => {
    const url = await uploaded(ana, 'mensagem-de-voz.weba', 'audio/webm', WEBM);
    const content = {
      type: 'audio',
      body: url,
      fileName: 'mensagem-de-voz.weba',
      size: WEBM.length,
      mimeType: 'audio/webm',
      durationMs: 42_000,
    };
    const message = expectStatus<Message>(await send(ana, content), 200);
    expect(message.content).toMatchObject({ type: 'audio', durationMs: 42_000, mimeType: 'audio/webm', size: WEBM.length });
    const list = expectStatus<Conversation[]>(await as(t.app, bruno).get('/conversation/get-conversations?showEmpty=true'), 200);
    expect(list.find((c) => c.id === conversation.id)?.lastMessage?.content).toMatchObject({ type: 'audio', durationMs: 42_000 });
  });

  it.each([
    ['a voice note over 15 minutes', async () => ({ durationMs: 15 * 60_000 + 1 }), 'A mensagem de voz pode ter no máximo 15 minutos'],
    [
      'a voice note that is a PDF',
      async () => ({ body: await uploaded(ana, 'x.pdf', 'application/pdf', PDF) }),
      'A mensagem de voz deve ser um áudio',
    ],
    [
      'a photo sent as a file',
      async () => {
        const url = new URL(
          expectStatus<{ url: string }>(await generate(ana, { fileName: 'f.png', contentType: 'image/png', folder: 'avatars' }), 200).url,
        );
        expect((await put(url, 'image/png', TINY_IMAGES['image/png'])).statusCode).toBe(200);
        return { body: publicUrlFromUploadUrl(url.toString()) };
      },
      'O arquivo deve ser enviado pelo upload do chat',
    ],
    ['a URL of another site', async () => ({ body: 'https://exemplo.com/a.weba' }), 'O arquivo deve ser enviado pelo upload do chat'],
  ])('refuses %s with a Portuguese 400', async (_label, change, message) => {
    const url = await uploaded(bruno, 'nota.weba', 'audio/webm', WEBM);
    const content = {
      type: 'audio',
      body: url,
      fileName: 'nota.weba',
      size: 1,
      mimeType: 'audio/webm',
      durationMs: 1000,
      ...(await change()),
    };
    const res = await send(bruno, content);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(new RegExp(`^(Dados inválidos: )?${message}$`));
  });

  it('deletes the file with the message deleted for everyone', async () => {
    const url = await uploaded(ana, 'apagar.pdf', 'application/pdf', PDF);
    const message = expectStatus<Message>(
      await send(ana, { type: 'file', body: url, fileName: 'apagar.pdf', size: 1, mimeType: 'application/pdf' }),
      200,
    );
    expect((await download(url)).statusCode).toBe(200);
    const deleted = expectStatus<Message>(await as(t.app, ana).delete(`/message/${message.id}`), 200);
    expect(deleted.content).toEqual({ id: message.id, body: '', type: 'file' });
    expect((await download(url)).statusCode).toBe(404);
  });
});

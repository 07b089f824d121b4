import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Message, publicUrlFromUploadUrl, type Workspace, type WorkspaceSummary } from '@chat/contracts';
import { signIn } from '../../test/auth-helpers';
import { as, expectStatus, newClientId, type TestUser } from '../../test/chat-helpers';
import { createTestApp, TEST_ROOT_PASSWORD, type TestApp } from '../../test/harness';
import { mediaFiles, type RawResponse, target } from '../../test/media';
import { createAdminTeam } from '../../test/team';
import { EXECUTABLE_REFUSED } from './executables';

// A workspace's storage: the bytes it keeps (shown to its ADMIN and to ROOT, right after a delete
// for everyone too), the quota that refuses a send before its upload and bounds the upload itself,
// and the ADMIN's setting that refuses executables by name, type and first bytes.

const KB = 1024;
const MB = 1024 * KB;
const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(10 * KB, 0x20)]);
const PE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)]);
const ELF = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01]), Buffer.alloc(200)]);
const MACH_O = Buffer.concat([Buffer.from([0xcf, 0xfa, 0xed, 0xfe]), Buffer.alloc(200)]);
const SCRIPT = Buffer.from('#!/bin/sh\nrm -rf ~\n');

let t: TestApp;
let port: number;
let admin: TestUser, ana: TestUser, bruno: TestUser;
let workspaceId: string;
let conversationId: string;
let rootToken: string;
beforeAll(async () => {
  t = await createTestApp({ seedDemo: false, env: { MAX_FILE_MB: '1' } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
  const team = await createAdminTeam(t.app, ['Ana Cota', 'Bruno Cota']);
  ({ admin, workspaceId } = team);
  [ana, bruno] = team.members;
  conversationId = expectStatus<{ id: string }>(await as(t.app, ana).post('/conversation/create', { userTwoId: bruno.id }), 200).id;
  rootToken = (await signIn(t.app, 'root', TEST_ROOT_PASSWORD)).accessToken;
}, 60_000);
afterAll(() => t?.close());

const generate = (who: TestUser, body: object) => as(t.app, who).post('/cloud/generate-public-media-url', { folder: 'files', ...body });

async function signedUrl(who: TestUser, fileName: string, contentType: string, size?: number): Promise<URL> {
  return new URL(expectStatus<{ url: string }>(await generate(who, { fileName, contentType, size }), 200).url);
}

const put = (url: URL, contentType: string, body: Buffer) =>
  t.app.inject({ method: 'PUT', url: target(url), headers: { 'content-type': contentType }, payload: body });

async function uploaded(who: TestUser, fileName: string, contentType: string, body: Buffer): Promise<string> {
  const url = await signedUrl(who, fileName, contentType);
  expect((await put(url, contentType, body)).statusCode).toBe(200);
  return publicUrlFromUploadUrl(url.toString());
}

const sendFile = async (who: TestUser, url: string, fileName: string) =>
  expectStatus<Message>(
    await as(t.app, who).post('/message/send', {
      conversationId,
      isGroup: false,
      content: { type: 'file', body: url, fileName, size: 1, mimeType: 'application/pdf' },
      clientId: newClientId(),
    }),
    200,
  );

const usedByAdmin = async () => expectStatus<Workspace>(await as(t.app, admin).get('/workspace/get-by-admin-id'), 200).storageUsedBytes;
const root = (method: 'GET' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: { authorization: `Bearer ${rootToken}` }, ...(payload ? { payload } : {}) });
const setQuota = async (storageQuotaMb: number) =>
  expectStatus(await root('PUT', `/workspace/${workspaceId}`, { name: 'Equipe Cota', limitOfMembers: 0, storageQuotaMb }), 200);
const setRefuse = (who: TestUser, refuseExecutables: boolean) => as(t.app, who).put('/workspace/settings', { refuseExecutables });

/** A PUT whose body is sent chunked, with no size declared. */
function chunkedPut(requestTarget: string, contentType: string, body: Buffer): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'PUT',
        path: requestTarget,
        headers: { 'content-type': contentType, 'transfer-encoding': 'chunked' },
        agent: false,
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
      },
    );
    req.on('error', reject);
    for (let at = 0; at < body.length; at += 64 * KB) req.write(body.subarray(at, at + 64 * KB));
    req.end();
  });
}

describe('the bytes a workspace keeps', () => {
  it('are shown to its ADMIN and to ROOT, and drop when a message is deleted for everyone', async () => {
    const before = await usedByAdmin();
    const url = await uploaded(ana, 'Relatório.pdf', 'application/pdf', PDF);
    expect(await usedByAdmin()).toBe(before + PDF.length);
    const list = expectStatus<WorkspaceSummary[]>(await root('GET', '/workspace/list'), 200);
    expect(list.find((w) => w.id === workspaceId)?.storageUsedBytes).toBe(before + PDF.length);
    expect(expectStatus<Workspace>(await root('GET', `/workspace/${workspaceId}`), 200).storageUsedBytes).toBe(before + PDF.length);

    const message = await sendFile(ana, url, 'Relatório.pdf');
    expectStatus(await as(t.app, ana).delete(`/message/${message.id}`), 200);
    expect(await usedByAdmin()).toBe(before);
    expect(mediaFiles(t.env.dataDir).some((file) => url.endsWith(file))).toBe(false);
  });

  it('keep a file another message still shows', async () => {
    const before = await usedByAdmin();
    const url = await uploaded(ana, 'dois.pdf', 'application/pdf', PDF);
    const first = await sendFile(ana, url, 'dois.pdf');
    await sendFile(ana, url, 'dois.pdf');
    expectStatus(await as(t.app, ana).delete(`/message/${first.id}`), 200);
    expect(await usedByAdmin()).toBe(before + PDF.length);
  });
});

describe('the quota', () => {
  it('refuses a send beyond it before the upload starts, with the declared size', async () => {
    await setQuota(1);
    const room = MB - (await usedByAdmin());
    const res = await generate(ana, { fileName: 'grande.pdf', contentType: 'application/pdf', size: room + 1 });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('Cota de armazenamento do workspace esgotada');
    expect((await generate(ana, { fileName: 'cabe.pdf', contentType: 'application/pdf', size: room })).statusCode).toBe(200);
  });

  it('bounds an upload that declared no size, leaving nothing behind', async () => {
    await setQuota(1);
    const room = MB - (await usedByAdmin());
    const url = await signedUrl(ana, 'sem-tamanho.bin', 'application/octet-stream');
    const before = mediaFiles(t.env.dataDir);
    const res = await chunkedPut(target(url), 'application/octet-stream', Buffer.alloc(room + 1));
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body).message).toBe('Cota de armazenamento do workspace esgotada');
    expect(mediaFiles(t.env.dataDir)).toEqual(before);
    await setQuota(0);
  });
});

describe('refusing executables', () => {
  it('is off by default, and only the ADMIN turns it on', async () => {
    expect(expectStatus<Workspace>(await as(t.app, admin).get('/workspace/get-by-admin-id'), 200).refuseExecutables).toBe(false);
    await uploaded(ana, 'instalador.exe', 'application/x-msdownload', PE);
    expect((await setRefuse(ana, true)).statusCode).toBe(403);
    expect(expectStatus(await setRefuse(admin, true), 200)).toEqual({ refuseExecutables: true });
    expect(expectStatus<Workspace>(await as(t.app, admin).get('/workspace/get-by-admin-id'), 200).refuseExecutables).toBe(true);
  });

  it.each([
    ['setup.exe', 'application/octet-stream'],
    ['limpar.BAT', 'application/octet-stream'],
    ['deploy.ps1', 'text/plain'],
    ['instalar.sh', 'text/plain'],
    ['pacote.msi', 'application/octet-stream'],
    ['app.apk', 'application/vnd.android.package-archive'],
    ['ferramenta.jar', 'application/java-archive'],
    ['sem-nome', 'application/x-msdownload'],
  ])('refuses %s (%s) before the upload, in Portuguese', async (fileName, contentType) => {
    await setRefuse(admin, true);
    const res = await generate(ana, { fileName, contentType });
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe(EXECUTABLE_REFUSED);
  });

  it.each([
    ['a Windows program (MZ)', PE],
    ['a Linux program (ELF)', ELF],
    ['a macOS program (Mach-O)', MACH_O],
    ['a script (#!)', SCRIPT],
  ])('refuses %s renamed to a text file by its bytes, storing nothing', async (_label, body) => {
    await setRefuse(admin, true);
    const url = await signedUrl(ana, 'leia-me.txt', 'text/plain');
    const before = mediaFiles(t.env.dataDir);
    const res = await put(url, 'text/plain', body);
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe(EXECUTABLE_REFUSED);
    expect(mediaFiles(t.env.dataDir)).toEqual(before);
  });

  it('still takes documents, and everything once turned off', async () => {
    await setRefuse(admin, true);
    await uploaded(ana, 'contrato.pdf', 'application/pdf', PDF);
    await setRefuse(admin, false);
    await uploaded(ana, 'leia-me.txt', 'text/plain', SCRIPT);
  });
});

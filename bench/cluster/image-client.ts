import { randomBytes, randomUUID } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { io as connect, type Socket } from 'socket.io-client';
import { SOCKET_NAMESPACE } from '@chat/contracts';
import type { BenchMember } from '../load/protocol';
import type { FromImageClient, ImageCrossing, ImageReadBack, ToImageClient } from './image-protocol';

// The cluster drill's image client, in the clients' namespace: what a browser does with a photo,
// through the balancer and the bucket only. A member's socket listens; another member uploads an
// image by SPEC's flow (generate-public-media-url, PUT to the signed URL, the message with the
// object's URL) and the listener downloads the bytes from the URL its message event carries.
// Later, the history is read again and the image downloaded again (with a host dead).

let listener: Socket | null = null;
let image: Buffer | null = null;
let imageUrl = '';
const waiting = new Map<string, (at: number) => void>();

const now = () => performance.timeOrigin + performance.now();

// CRC-32 of PNG chunks (node:zlib has crc32 only from Node 22).
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real PNG of random pixels (incompressible, so the photo is its full size): width x height, RGB. */
function randomPng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.concat(Array.from({ length: height }, () => Buffer.concat([Buffer.from([0]), randomBytes(width * 3)])));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** fetch, with a failure that says which step and which host it was. */
async function call(step: string, url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    const cause = error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error);
    throw new Error(`${step} (${new URL(url).host}): ${cause}`);
  }
}

async function api<T>(base: string, member: BenchMember, method: 'GET' | 'POST', route: string, body?: object): Promise<T> {
  const res = await call(`${method} ${route}`, `${base}/api${route}`, {
    method,
    headers: { authorization: `Bearer ${member.token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
    signal: AbortSignal.timeout(10_000),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${route}: ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

/** Downloads `url` (the bucket, straight) and compares it with the uploaded image. */
async function download(url: string): Promise<{ equal: boolean; bytes: number; ms: number; status: number }> {
  const started = now();
  const res = await call('download da imagem', url, { signal: AbortSignal.timeout(10_000) });
  const bytes = Buffer.from(await res.arrayBuffer());
  return { equal: res.ok && image !== null && bytes.equals(image), bytes: bytes.length, ms: now() - started, status: res.status };
}

async function listen(base: string, member: BenchMember): Promise<void> {
  listener = connect(`${base}${SOCKET_NAMESPACE}`, {
    transports: ['websocket'],
    auth: { token: member.token },
    query: { id: member.id, name: member.name },
    reconnection: false,
    forceNew: true,
  });
  listener.on('message', (m: { clientId?: string | null }) => waiting.get(m.clientId ?? '')?.(now()));
  await new Promise<void>((resolve, reject) => {
    listener!.once('connect', () => resolve());
    listener!.once('connect_error', (error) => reject(new Error(`o socket não conectou: ${error.message}`)));
  });
}

async function send(base: string, sender: BenchMember): Promise<ImageCrossing> {
  image = randomPng(320, 240);
  const clientId = randomUUID();
  const arrived = new Promise<number>((resolve, reject) => {
    waiting.set(clientId, resolve);
    setTimeout(() => reject(new Error('a mensagem com a imagem não chegou ao socket do outro membro em 10 s')), 10_000).unref();
  });
  const started = now();
  const upload = await api<{ url: string; headers?: Record<string, string>; publicUrl?: string }>(
    base,
    sender,
    'POST',
    '/cloud/generate-public-media-url',
    { fileName: 'foto do cluster.png', contentType: 'image/png', folder: 'avatars', size: image.length },
  );
  // As the page (SPEC): the file with its content type, and the headers the URL was signed with.
  const put = await call('PUT à URL assinada', upload.url, {
    method: 'PUT',
    headers: { 'content-type': 'image/png', ...upload.headers },
    body: new Uint8Array(image),
    signal: AbortSignal.timeout(60_000),
  });
  if (!put.ok) throw new Error(`PUT à URL assinada: ${put.status} ${(await put.text()).slice(0, 300)}`);
  // SPEC: the public URL is the upload URL without its query.
  imageUrl = upload.url.slice(0, upload.url.indexOf('?'));
  const sendStarted = now();
  const message = await api<{ id: string; content: { type: string; body: string } }>(base, sender, 'POST', '/message/send', {
    conversationId: sender.conversationId,
    isGroup: false,
    content: { type: 'image', body: imageUrl },
    clientId,
  });
  const answeredAt = now();
  const deliveredAt = await arrived;
  // Done listening: the socket would only count on app2 in the phases that follow.
  listener?.close();
  const got = await download(message.content.body);
  return {
    url: imageUrl,
    signedHost: new URL(upload.url).host,
    messageId: message.id,
    bytes: image.length,
    uploadMs: sendStarted - started,
    sendMs: answeredAt - sendStarted,
    deliverMs: deliveredAt - sendStarted,
    downloadMs: got.ms,
    downloadStatus: got.status,
    equal: got.equal && message.content.body === imageUrl,
  };
}

/** The conversation's history through the balancer, the image message found in it, its bytes downloaded again. */
async function readBack(base: string, reader: BenchMember, messageId: string): Promise<ImageReadBack> {
  const page = await api<{ messages: Array<{ id: string; content: { type: string; body: string } }> }>(
    base,
    reader,
    'GET',
    `/message/get-messages-by-conversation?conversationId=${reader.conversationId}&limit=100`,
  );
  const found = page.messages.find((m) => m.id === messageId);
  if (!found) return { inHistory: false, equal: false, downloadStatus: 0 };
  const got = await download(found.content.body);
  return { inHistory: true, equal: got.equal && found.content.body === imageUrl, downloadStatus: got.status };
}

const reply = (message: FromImageClient) => process.send!(message);

process.on('message', (message: ToImageClient) => {
  const work = async () => {
    switch (message.type) {
      case 'listen':
        await listen(message.url, message.member);
        return reply({ type: 'listening' });
      case 'send':
        return reply({ type: 'crossed', crossing: await send(message.url, message.sender) });
      case 'read':
        return reply({ type: 'read', readBack: await readBack(message.url, message.reader, message.messageId) });
      case 'close':
        listener?.close();
        process.exit(0);
    }
  };
  work().catch((error: unknown) => reply({ type: 'error', message: error instanceof Error ? error.message : String(error) }));
});

import { randomUUID } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { SOCKET_NAMESPACE } from '@chat/contracts';
import { userRoom } from '@chat/server/bench-api';
import { type FloorStore, openFloor } from './durable-floor';
import type { ServerConfig } from './protocol';
import { answerHarness, send, serverConfig } from './stats-reporter';

// The bare pipeline the product is measured against: node:http POST -> JSON parse ->
// one socket.io emit to the author's and the peer's rooms -> JSON answer. No database, no
// authentication, no validation: what this machine does when the product adds nothing.
// As kind 'floor' it also stores each message (one INSERT + COMMIT, durable-floor.ts) before the
// emit and the answer: the least any durable chat server pays on this disk.

interface BareSend {
  authorId: string;
  peerId: string;
  conversationId: string;
  content: { type: string; body: string };
  clientId: string;
}

const config = serverConfig<ServerConfig>();
const floor: FloorStore | null =
  config.kind !== 'floor'
    ? null
    : await openFloor(
        config.databaseUrl
          ? { databaseUrl: config.databaseUrl }
          : { dataDir: path.join(config.dataDir!, 'floor'), durability: config.durability },
      );
const server = createServer((request, response) => {
  if (request.method !== 'POST' || request.url !== '/api/message/send') {
    response.writeHead(404).end();
    return;
  }
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as BareSend;
    if (!floor) return deliver(body, response);
    floor.insert(body.authorId, body.conversationId, body.content.body, body.clientId).then(
      () => deliver(body, response),
      () => response.writeHead(500).end(),
    );
  });
});

function deliver(body: BareSend, response: ServerResponse): void {
  const now = new Date().toISOString();
  const message = {
    id: randomUUID(),
    authorId: body.authorId,
    content: body.content,
    status: 'DELIVERED',
    createdAt: now,
    updatedAt: now,
    conversationId: body.conversationId,
    groupId: null,
    clientId: body.clientId,
  };
  events.to([userRoom(body.authorId), userRoom(body.peerId)]).emit('message', message);
  response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(message));
}
const io = new Server(server, { transports: ['websocket'], serveClient: false });
const events = io.of(SOCKET_NAMESPACE);
events.on('connection', (socket) => void socket.join(userRoom(String(socket.handshake.query.id))));

answerHarness(() =>
  new Promise<void>((resolve, reject) => {
    events.local.disconnectSockets(true);
    io.close(() => resolve()).catch(reject);
  }).then(() => floor?.close()),
);
server.listen(config.port, '127.0.0.1', () => {
  send({ type: 'ready', port: (server.address() as AddressInfo).port, members: [] });
});

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FIRST_CALLS, LIMITS } from '@chat/contracts';
import { configureApiClient } from './client';
import { getConversations } from './conversations';
import { adoptEarlyCalls, dropEarlyCalls } from './early-responses';
import { listGroups } from './groups';
import { getCurrentUser } from './session';

const FIRST_PAGE = { limit: LIMITS.chatListPageSize };

// The shell asks for the chat list's two lists with the page (shell/src/shared/api/early-calls);
// remote-chat's first getConversations/listGroups take those answers instead of asking again.
// A real server counts what reaches it: an adopted answer is one call fewer.

let server: Server;
let base = '';
const hits: { url: string; authorization: string | undefined }[] = [];
let token: string | null = 'sessao-a';
/** Streaming answers whose connection the client closed. */
let closedStreams = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    hits.push({ url: req.url ?? '', authorization: req.headers.authorization });
    res.setHeader('content-type', 'application/json');
    if (req.url?.startsWith('/early/streaming')) {
      // A body that never ends: only the client closing it ends the connection.
      res.write('[');
      res.on('close', () => (closedStreams += 1));
      return;
    }
    if (req.url?.startsWith('/api/refused')) {
      res.statusCode = 401;
      res.end(JSON.stringify({ statusCode: 401, error: 'Unauthorized', message: 'Sessão expirada' }));
      return;
    }
    res.end(JSON.stringify([{ id: `from-server ${req.url}` }]));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  hits.length = 0;
  token = 'sessao-a';
  configureApiClient({
    baseURL: `${base}/api`,
    getToken: () => token,
    getRefreshToken: () => null,
    onTokensRenewed: () => undefined,
    onSessionExpired: () => undefined,
  });
});

/** What the shell's first script would have started: a real fetch of the same server. */
function startedEarly(paths: Record<string, string>, sessionToken = 'sessao-a') {
  const responses = new Map(Object.entries(paths).map(([key, path]) => [key, fetch(`${base}${path}`).catch(() => null)]));
  return { token: sessionToken, responses };
}

describe('early answers of the chat list', () => {
  it('are taken by the first calls, which then ask nothing; the next calls ask the server', async () => {
    adoptEarlyCalls(startedEarly({ [FIRST_CALLS.conversations]: '/early/conversations', [FIRST_CALLS.groups]: '/early/groups' }));
    const [conversations, groups] = await Promise.all([getConversations(true, FIRST_PAGE), listGroups(FIRST_PAGE)]);
    expect(conversations).toEqual({ status: 200, data: [{ id: 'from-server /early/conversations' }] });
    expect(groups.data).toEqual([{ id: 'from-server /early/groups' }]);
    expect(hits.map((hit) => hit.url).sort()).toEqual(['/early/conversations', '/early/groups']);

    hits.length = 0;
    expect((await getConversations(true, FIRST_PAGE)).data).toEqual([
      { id: 'from-server /api/conversation/get-conversations?showEmpty=true&limit=50' },
    ]);
    expect(hits).toEqual([{ url: '/api/conversation/get-conversations?showEmpty=true&limit=50', authorization: 'Bearer sessao-a' }]);
  });

  it('are not used by another call of the same helper (showEmpty false)', async () => {
    adoptEarlyCalls(startedEarly({ [FIRST_CALLS.conversations]: '/early/conversations' }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    hits.length = 0;
    expect((await getConversations(false, FIRST_PAGE)).data).toEqual([
      { id: 'from-server /api/conversation/get-conversations?showEmpty=false&limit=50' },
    ]);
    expect(hits).toHaveLength(1);
  });

  it('are dropped when the session changed since they were asked (a renewal, another account)', async () => {
    adoptEarlyCalls(startedEarly({ [FIRST_CALLS.conversations]: '/early/conversations', [FIRST_CALLS.groups]: '/early/groups' }));
    token = 'sessao-b';
    const conversations = await getConversations(true, FIRST_PAGE);
    expect(conversations.data).toEqual([{ id: 'from-server /api/conversation/get-conversations?showEmpty=true&limit=50' }]);
    expect((await listGroups(FIRST_PAGE)).data).toEqual([{ id: 'from-server /api/group/list?limit=50' }]);
    expect(hits.filter((hit) => hit.url.startsWith('/api/')).map((hit) => hit.authorization)).toEqual([
      'Bearer sessao-b',
      'Bearer sessao-b',
    ]);
  });

  it('give way to a real call when refused or unanswered, so its renewal and errors apply', async () => {
    adoptEarlyCalls({
      token: 'sessao-a',
      responses: new Map([
        [FIRST_CALLS.conversations, fetch(`${base}/api/refused`).catch(() => null)],
        [FIRST_CALLS.groups, fetch('http://127.0.0.1:1/nada').catch(() => null)],
      ]),
    });
    expect((await getConversations(true, FIRST_PAGE)).data).toEqual([
      { id: 'from-server /api/conversation/get-conversations?showEmpty=true&limit=50' },
    ]);
    expect((await listGroups(FIRST_PAGE)).data).toEqual([{ id: 'from-server /api/group/list?limit=50' }]);
  });

  it("answer the own user's reread too (the catch-up of the socket's first connect)", async () => {
    adoptEarlyCalls(startedEarly({ [FIRST_CALLS.me]: '/early/me' }));
    expect((await getCurrentUser()).data).toEqual([{ id: 'from-server /early/me' }]);
    expect(hits.map((hit) => hit.url)).toEqual(['/early/me']);
  });

  it('once dropped, answer nothing: a later call asks the server (a set adopted since is kept)', async () => {
    const stale = startedEarly({ [FIRST_CALLS.conversations]: '/early/conversations', [FIRST_CALLS.groups]: '/early/groups' });
    adoptEarlyCalls(stale);
    dropEarlyCalls(stale);
    expect((await getConversations(true, FIRST_PAGE)).data).toEqual([
      { id: 'from-server /api/conversation/get-conversations?showEmpty=true&limit=50' },
    ]);

    const newer = startedEarly({ [FIRST_CALLS.groups]: '/early/groups-2' });
    adoptEarlyCalls(newer);
    dropEarlyCalls(stale);
    expect((await listGroups(FIRST_PAGE)).data).toEqual([{ id: 'from-server /early/groups-2' }]);
  });

  it('cancel the bodies of dropped answers, so no connection stays open for them', async () => {
    const before = closedStreams;
    const stale = startedEarly({ [FIRST_CALLS.summary]: '/early/streaming' });
    adoptEarlyCalls(stale);
    await stale.responses.get(FIRST_CALLS.summary);
    dropEarlyCalls(stale);
    await expect.poll(() => closedStreams).toBe(before + 1);
  });
});

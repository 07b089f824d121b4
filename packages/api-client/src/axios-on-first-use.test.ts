import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { LIMITS, FIRST_CALLS } from '@chat/contracts';
import { configureApiClient } from './client';
import { getConversations } from './conversations';
import { adoptEarlyCalls } from './early-responses';
import { listGroups } from './groups';

// axios is not on the page's first path: the chat list's first calls are answered by
// the shell's early fetches, and axios-instances.ts (the one module that loads axios) is imported
// only by the first call that has to reach the network itself.

const loads = vi.hoisted(() => ({ count: 0 }));
vi.mock('./axios-instances', async (importOriginal) => {
  loads.count += 1;
  return importOriginal();
});

let server: Server;
let base = '';

beforeAll(async () => {
  server = createServer((req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify([{ id: req.url }]));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const FIRST_PAGE = { limit: LIMITS.chatListPageSize };

it('loads axios only for the first call the early answers do not cover', async () => {
  configureApiClient({
    baseURL: `${base}/api`,
    getToken: () => 'sessao',
    getRefreshToken: () => null,
    onTokensRenewed: () => undefined,
    onSessionExpired: () => undefined,
  });
  const early = (path: string) => fetch(`${base}${path}`).catch(() => null);
  adoptEarlyCalls({
    token: 'sessao',
    responses: new Map([
      [FIRST_CALLS.conversations, early('/early/conversations')],
      [FIRST_CALLS.groups, early('/early/groups')],
    ]),
  });

  const [conversations, groups] = await Promise.all([getConversations(true, FIRST_PAGE), listGroups(FIRST_PAGE)]);
  expect(conversations.data).toEqual([{ id: '/early/conversations' }]);
  expect(groups.data).toEqual([{ id: '/early/groups' }]);
  expect(loads.count).toBe(0);

  expect((await getConversations(true, FIRST_PAGE)).data).toEqual([{ id: '/api/conversation/get-conversations?showEmpty=true&limit=50' }]);
  expect((await listGroups(FIRST_PAGE)).data).toEqual([{ id: '/api/group/list?limit=50' }]);
  expect(loads.count).toBe(1);
});

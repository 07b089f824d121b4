import { FIRST_CALLS } from '@chat/contracts';
import { median } from '../measure';
import { request } from '../load/http-post';
import type { Person } from './protocol';

// What two screens ask for on their first load, measured on an idle server: the team page of the
// ADMIN, and the chat list of a member in many conversations and groups (the sign-in payload).

/** Asked once to warm up, then this many times; the median is reported. */
const REPEATS = 5;
const ADMIN_WORKSPACE = '/workspace/get-by-admin-id';
const INVITES = '/user/invites';
/**
 * A paged member list the team page may read instead of the whole workspace: used when the
 * server's OpenAPI document lists it (with a `limit` query parameter), so that this bench measures
 * the team page as it is on either side of that change.
 */
const PAGED_MEMBERS = '/workspace/members';
const PAGE_LIMIT = 50;

export interface Timed {
  bytes: number;
  wireBytes: number;
  ms: number;
}

/** `paths` asked together (the screen waits for all): their bodies' bytes, plain and compressed, and the median time until the last answer. */
async function together(url: string, person: Person, paths: readonly string[]): Promise<Timed> {
  const headers = { authorization: `Bearer ${person.token}` };
  const ask = (encoding: Record<string, string>) =>
    Promise.all(
      paths.map(async (p) => {
        const answer = await request('GET', `${url}/api${p}`, { ...headers, ...encoding });
        if (answer.status !== 200) throw new Error(`GET ${p}: ${answer.status} ${answer.body.slice(0, 200)}`);
        return answer.bytes;
      }),
    );
  await ask({});
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < REPEATS; i++) {
    const started = performance.now();
    bytes = (await ask({})).reduce((a, b) => a + b, 0);
    times.push(performance.now() - started);
  }
  const wireBytes = (await ask({ 'accept-encoding': 'br, gzip' })).reduce((a, b) => a + b, 0);
  return { bytes, wireBytes, ms: median(times) };
}

async function pagedMembersListed(url: string): Promise<boolean> {
  const answer = await request('GET', `${url}/api/openapi.json`, {});
  if (answer.status !== 200) return false;
  const doc = JSON.parse(answer.body) as { paths?: Record<string, { get?: { parameters?: Array<{ name: string }> } }> };
  const get = doc.paths?.[`/api${PAGED_MEMBERS}`]?.get;
  return get?.parameters?.some((p) => p.name === 'limit') ?? false;
}

export async function measureTeamPage(url: string, admin: Person) {
  const calls = (await pagedMembersListed(url)) ? [`${PAGED_MEMBERS}?limit=${PAGE_LIMIT}`, INVITES] : [ADMIN_WORKSPACE, INVITES];
  const screen = await together(url, admin, calls);
  // The whole workspace in one answer, for as long as the server still has that call.
  const whole = await together(url, admin, [ADMIN_WORKSPACE]).catch(() => null);
  return {
    calls: calls.map((c) => `GET ${c}`),
    bytes: screen.bytes,
    wireBytes: screen.wireBytes,
    firstRowMs: screen.ms,
    adminWorkspace: whole,
  };
}

export async function measureHeavySignIn(url: string, heavy: Person) {
  const conversations = await together(url, heavy, [FIRST_CALLS.conversations]);
  const groups = await together(url, heavy, [FIRST_CALLS.groups]);
  const both = await together(url, heavy, [FIRST_CALLS.conversations, FIRST_CALLS.groups]);
  return { conversationsBytes: conversations.bytes, groupsBytes: groups.bytes, ms: both.ms };
}

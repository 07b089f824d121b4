import { DEMO_PASSWORD } from './product';

// The product's HTTP API used directly, as an integration (or another device) would.

export interface ApiConversation {
  id: string;
  userOneId: string;
  userTwoId: string;
  unreadMessages: number;
}

export interface ApiMessage {
  id: string;
  status: 'PENDING' | 'SENT' | 'DELIVERED' | 'READ';
  content: { body: string; type: string };
}

export async function call<T>(url: string, path: string, init: { method?: string; token?: string; body?: unknown } = {}): Promise<T> {
  const response = await fetch(`${url}/api${path}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${text}`);
  return JSON.parse(text) as T;
}

/** An access token for a demo member, through POST /api/auth/signin. */
export async function signInApi(url: string, nick: string): Promise<{ token: string; userId: string }> {
  const data = await call<{ accessToken: string; user: { id: string } }>(url, '/auth/signin', {
    method: 'POST',
    body: { identifier: `${nick}@demo.chat`, password: DEMO_PASSWORD, rememberMe: false },
  });
  return { token: data.accessToken, userId: data.user.id };
}

export const conversationsApi = (url: string, token: string) =>
  call<ApiConversation[]>(url, '/conversation/get-conversations?showEmpty=true', { token });

/** The conversation between the token's user and `otherId`, created if needed. */
export const conversationWithApi = (url: string, token: string, otherId: string) =>
  call<ApiConversation>(url, '/conversation/create', { method: 'POST', token, body: { userTwoId: otherId } });

/** A text message; `isGroup`: `conversationId` is a group's id (the send route's naming). */
export const sendTextApi = (url: string, token: string, conversationId: string, text: string, isGroup = false) =>
  call<ApiMessage>(url, '/message/send', {
    method: 'POST',
    token,
    body: { conversationId, isGroup, content: { type: 'text', body: text }, clientId: crypto.randomUUID() },
  });

import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../auth-helpers';
import { as, expectStatus, newClientId, textMessage } from '../chat-helpers';
import { createTestApp, TEST_ROOT_PASSWORD, type TestApp } from '../harness';
import { createTenant, type Tenant } from './tenancy-fixtures';
import { dbFingerprint } from './db-fingerprint';

// Names and messages over the real routes: a name with a character that hides, reverses or
// blanks text, or a name or message with nothing visible, is a 400 with the field's Portuguese
// message and changes no row; emoji sequences (which need joiners and selectors) still pass.

const NUM_RUNS = 20;
const SEED = Number(process.env.FC_SEED ?? Math.floor(Math.random() * 2 ** 31));

let t: TestApp;
let b: Tenant;
let rootToken: string;

beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  b = await createTenant(t.app, 'Beta');
  rootToken = (await signIn(t.app, 'root', TEST_ROOT_PASSWORD)).accessToken;
}, 60_000);
afterAll(() => t?.close());

/** Control (U+0000 aside: the server refuses NUL anywhere with a message of its own), format and separator characters. */
const HIDDEN_CHARACTERS = [
  '\u0001',
  '\u0007',
  '\u0009',
  '\u000A',
  '\u000D',
  '\u001B',
  '\u007F',
  '\u0085',
  '\u009B',
  '\u00AD',
  '\u061C',
  '\u180E',
  '\u200B',
  '\u200C',
  '\u200D',
  '\u200E',
  '\u200F',
  '\u202A',
  '\u202B',
  '\u202C',
  '\u202D',
  '\u202E',
  '\u2060',
  '\u2061',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
  '\uFEFF',
  '\uFFF9',
  '\u{E0001}',
  '\u{E0041}',
  '\u2028',
  '\u2029',
];
/** Characters that draw nothing, alone or together. */
const BLANK_CHARACTERS = ['\u200B', '\u200C', '\u2060', '\u3164', '\u115F', '\u1160', '\uFFA0', '\u2800', '\u0301', '\u034F', '\uFE0F'];

/**
 * A valid name with one or more hidden characters put inside it, never at either end: tabs, line
 * breaks and U+FEFF at an end are whitespace that the schemas trim away, leaving a clean name.
 */
const nameWithHidden = (valid: string) =>
  fc
    .tuple(
      fc.array(fc.tuple(fc.integer({ min: 1, max: valid.length - 1 }), fc.constantFrom(...HIDDEN_CHARACTERS)), {
        minLength: 1,
        maxLength: 3,
      }),
    )
    .map(([inserts]) => {
      let name = valid;
      for (const [at, character] of inserts)
        name = `${name.slice(0, Math.min(at, name.length))}${character}${name.slice(Math.min(at, name.length))}`;
      return name;
    });
const blank = fc.array(fc.constantFrom(...BLANK_CHARACTERS), { minLength: 3, maxLength: 12 }).map((parts) => parts.join(''));

interface NameRoute {
  label: string;
  subject: string;
  request: (name: string) => { method: 'POST' | 'PATCH' | 'PUT'; url: string; body: object; token: string };
}

const NAME_ROUTES: NameRoute[] = [
  {
    label: 'perfil',
    subject: 'O nome',
    request: (name) => ({ method: 'PATCH', url: '/api/user/update', body: { name }, token: b.member.token }),
  },
  {
    label: 'editar membro',
    subject: 'O nome',
    request: (name) => ({ method: 'PATCH', url: `/api/user/update/${b.peer.id}`, body: { name }, token: b.admin.token }),
  },
  {
    label: 'criar conta',
    subject: 'O nome',
    request: (name) => {
      const nick = `n${Math.random().toString(36).slice(2, 10)}`;
      return {
        method: 'POST',
        url: '/api/user/create-member-without-invite',
        body: { name, email: `${nick}@visivel.chat`, nickName: nick, password: 'senha-forte-123' },
        token: b.admin.token,
      };
    },
  },
  {
    label: 'criar grupo',
    subject: 'O nome do grupo',
    request: (name) => ({
      method: 'POST',
      url: '/api/group/create',
      body: { name, description: '', members: [b.peer.id] },
      token: b.member.token,
    }),
  },
  {
    label: 'editar grupo',
    subject: 'O nome do grupo',
    request: (name) => ({
      method: 'PATCH',
      url: `/api/group/update/${b.slots.group}`,
      body: { name, description: '' },
      token: b.member.token,
    }),
  },
  {
    label: 'criar poligonal',
    subject: 'O nome da poligonal',
    request: (name) => ({ method: 'POST', url: '/api/neo-custom-data/create', body: { name }, token: b.admin.token }),
  },
  {
    label: 'editar poligonal',
    subject: 'O nome da poligonal',
    request: (name) => ({ method: 'PUT', url: `/api/neo-custom-data/edit/${b.slots.polygon}`, body: { name }, token: b.admin.token }),
  },
  {
    label: 'criar workspace',
    subject: 'O nome do workspace',
    request: (name) => ({
      method: 'POST',
      url: '/api/workspace/create',
      body: { name, description: '', adminName: 'Admin Novo', adminEmail: 'novo@visivel.chat', limitOfMembers: 0 },
      token: rootToken,
    }),
  },
  {
    label: 'administrador do workspace',
    subject: 'O nome',
    request: (name) => ({
      method: 'POST',
      url: '/api/workspace/create',
      body: { name: 'Equipe Visível', description: '', adminName: name, adminEmail: 'novo@visivel.chat', limitOfMembers: 0 },
      token: rootToken,
    }),
  },
  {
    label: 'editar workspace',
    subject: 'O nome do workspace',
    request: (name) => ({
      method: 'PUT',
      url: `/api/workspace/${b.workspaceId}`,
      body: { name, description: '', limitOfMembers: 0 },
      token: rootToken,
    }),
  },
];

async function send(request: ReturnType<NameRoute['request']>) {
  return t.app.inject({
    method: request.method,
    url: request.url,
    headers: { authorization: `Bearer ${request.token}` },
    payload: request.body,
  });
}

describe('names with hidden characters or nothing visible', () => {
  it.each(NAME_ROUTES.map((r) => [r.label, r] as const))('%s: refused with the field’s message, nothing changes', async (_label, route) => {
    const before = await dbFingerprint(t.app);
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          nameWithHidden('Nome Válido').map((name) => ({ name, rule: 'contém caracteres não permitidos' })),
          blank.map((name) => ({ name, rule: '' })),
        ),
        async ({ name, rule }) => {
          const res = await send(route.request(name));
          expect(res.statusCode, JSON.stringify(name)).toBe(400);
          const message = res.json().message as string;
          // A blank name made only of format characters is refused for them first; either message names the field.
          expect(message).toMatch(
            rule ? `${route.subject} ${rule}` : new RegExp(`${route.subject} (contém caracteres não permitidos|precisa ter texto visível)`),
          );
        },
      ),
      { numRuns: NUM_RUNS, seed: SEED },
    );
    expect(await dbFingerprint(t.app)).toBe(before);
  });

  it('the finding’s names exactly: zero-width only, right-to-left override, control characters', async () => {
    const profile = NAME_ROUTES[0]!;
    const cases: Array<[string, string]> = [
      ['\u200B\u200B\u200B', 'Dados inválidos: O nome contém caracteres não permitidos'],
      ['Ana \u202Eazuos', 'Dados inválidos: O nome contém caracteres não permitidos'],
      ['Ana\u0007\u0008', 'Dados inválidos: O nome contém caracteres não permitidos'],
      ['\u3164\u3164\u3164', 'Dados inválidos: O nome precisa ter texto visível'],
    ];
    for (const [name, message] of cases) {
      const res = await send(profile.request(name));
      expect([res.statusCode, res.json().message]).toEqual([400, message]);
    }
  });

  it('names in any script and with emoji sequences are accepted', async () => {
    for (const name of ['José D’Ávila', 'محمد علي', '李小龙', 'Ana 👩‍💻', 'Time 🏳️‍🌈', 'Zé 🧑🏽‍💻']) {
      expectStatus(await send(NAME_ROUTES[0]!.request(name)), 200);
      expectStatus(await send(NAME_ROUTES[3]!.request(name)), 200);
    }
  });
});

describe('messages must show something', () => {
  it('a message of zero-width or blank characters is refused, on send and on edit, and changes nothing', async () => {
    const before = await dbFingerprint(t.app);
    await fc.assert(
      fc.asyncProperty(blank, async (body) => {
        const sent = await as(t.app, b.member).post('/message/send', textMessage(b.slots.conversation, body));
        expect([sent.statusCode, sent.json().message]).toEqual([400, 'Dados inválidos: A mensagem precisa ter texto visível']);
        const edited = await as(t.app, b.member).patch(`/message/${b.slots.message}`, { body });
        expect([edited.statusCode, edited.json().message]).toEqual([400, 'Dados inválidos: A mensagem precisa ter texto visível']);
      }),
      { numRuns: NUM_RUNS, seed: SEED },
    );
    expect(await dbFingerprint(t.app)).toBe(before);
  });

  it('emoji with joiners, selectors, skin tones and tags, line breaks and right-to-left marks still send', async () => {
    for (const body of ['👩‍👩‍👧‍👦', '❤️‍🔥', '🏴󠁧󠁢󠁳󠁣󠁴󠁿', '1️⃣', '👍🏽', 'linha 1\nlinha 2', 'שלום\u200F!']) {
      const sent = expectStatus<{ content: { body: string } }>(
        await as(t.app, b.member).post('/message/send', { ...textMessage(b.slots.conversation, body), clientId: newClientId() }),
        200,
      );
      expect(sent.content.body).toBe(body);
    }
  });
});

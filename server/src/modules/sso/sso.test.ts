import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signinResponseSchema, SSO_TEXTS, type SsoConfigBody, tokenPairSchema, type WorkspaceFeature } from '@chat/contracts';
import { auditLog, ssoIdentities, users, workspaceSso } from '../../db/schema';
import { signIn } from '../../test/auth-helpers';
import { CookieBrowser } from '../../test/cookie-browser';
import { createTestApp, TEST_DEMO_PASSWORD, TEST_ROOT_PASSWORD, type TestApp } from '../../test/harness';
import { startTestProvider, type TestProvider } from '../../test/oidc-provider';
import { freePort } from '../../test/server-process';
import { SSO_ADMIN_NOT_ALLOWED, SSO_OWN_DOMAIN_REQUIRED, SSO_PROVIDER_UNREACHABLE } from './sso-access';
import { createWorkspaceWithAdmin, setMemberLimit } from '../../test/workspaces';

// Single sign-on against a real OpenID provider on 127.0.0.1, followed hop by hop over real HTTP
// like a browser would: Papo's /sso/<slug>, the provider's login form, its return to
// /api/sso/callback, and the page's exchange of the one-time code.

let t: TestApp;
let appUrl: string;
let provider: TestProvider;
let rootToken: string;
let workspaceId: string;
let adminEmail: string;

const config = (overrides: Partial<SsoConfigBody> = {}): SsoConfigBody => ({
  enabled: true,
  slug: 'empresa',
  issuer: provider.issuer,
  clientId: provider.clientId,
  clientSecret: provider.clientSecret,
  allowedDomains: ['empresa.com.br', 'outra.chat'],
  createMembers: true,
  allowPassword: true,
  ...overrides,
});

async function configure(body: SsoConfigBody, id = workspaceId) {
  return t.app.inject({ method: 'PUT', url: `/api/workspace/${id}/sso`, headers: { authorization: `Bearer ${rootToken}` }, payload: body });
}

interface Trip {
  browser: CookieBrowser;
  /** Where Papo's return sent the browser: /sso#codigo=... or /sso?erro=... */
  landing: URL;
  callbackUrl: string;
}

/** Opens /sso/<slug>, signs in at the provider's form as `login`, and stops where Papo sends the browser back to its page. */
async function throughProvider(login: string, slug = 'empresa'): Promise<Trip> {
  const browser = new CookieBrowser();
  const form = await browser.follow(`${appUrl}/sso/${slug}`);
  expect(form.status, form.body.slice(0, 300)).toBe(200);
  const action = /<form[^>]*action="([^"]+)"/.exec(form.body)?.[1];
  if (!action) throw new Error(`sem formulário do provedor em ${form.url}`);
  let callbackUrl = '';
  const last = await browser.follow(new URL(action.replaceAll('&amp;', '&'), form.url).href, {
    form: { prompt: 'login', login, password: 'qualquer' },
    stopAt: (url) => {
      if (url.pathname === '/api/sso/callback') callbackUrl = url.href;
      return url.origin === appUrl && url.pathname === '/sso';
    },
  });
  if (!last.location) throw new Error(`a volta parou em ${last.url}: ${last.status} ${last.body.slice(0, 300)}`);
  return { browser, landing: new URL(last.location), callbackUrl };
}

const handoffCode = (landing: URL) => new URLSearchParams(landing.hash.slice(1)).get('codigo');

async function exchange(code: string | null) {
  return t.app.inject({ method: 'POST', url: '/api/sso/exchange', payload: { code } });
}

async function signInThroughProvider(login: string) {
  const { landing } = await throughProvider(login);
  expect(landing.pathname + landing.search).toBe('/sso');
  const res = await exchange(handoffCode(landing));
  expect(res.statusCode, res.body).toBe(200);
  return signinResponseSchema.parse(res.json());
}

beforeAll(async () => {
  const port = await freePort();
  appUrl = `http://127.0.0.1:${port}`;
  t = await createTestApp({ env: { PORT: String(port), APP_URL: appUrl } });
  await t.app.listen({ port, host: '127.0.0.1' });
  provider = await startTestProvider(`${appUrl}/api/sso/callback`);
  rootToken = (await signIn(t.app, 'root@chat.local', TEST_ROOT_PASSWORD)).accessToken;
  ({ workspaceId, adminEmail } = await createWorkspaceWithAdmin(t.app, { name: 'Empresa', adminNickName: 'adminempresa' }));
  const res = await configure(config());
  expect(res.statusCode, res.body).toBe(200);
});

afterAll(async () => {
  await provider?.close();
  await t?.close();
});

describe('configuração (ROOT)', () => {
  it('guarda o segredo e devolve só o fim dele, com o endereço de retorno e o link do workspace', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/workspace/${workspaceId}/sso`,
      headers: { authorization: `Bearer ${rootToken}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(provider.clientSecret);
    expect(res.json()).toMatchObject({
      redirectUri: `${appUrl}/api/sso/callback`,
      config: {
        slug: 'empresa',
        clientSecretPreview: '••••6789',
        signInUrl: `${appUrl}/sso/empresa`,
        allowedDomains: ['empresa.com.br', 'outra.chat'],
      },
    });
    // Saving again without the secret keeps the stored one.
    const { clientSecret: _kept, ...withoutSecret } = config();
    expect((await configure(withoutSecret)).statusCode).toBe(200);
  });

  it('dados ruins são recusados em português', async () => {
    const http = await configure(config({ issuer: 'http://idp.empresa.com.br' }));
    expect(http.statusCode).toBe(400);
    expect(http.json().message).toBe('O endereço do provedor precisa começar com https://');
    const badDomain = await configure(config({ allowedDomains: ['não é domínio'] }));
    expect(badDomain.statusCode).toBe(400);
    expect(badDomain.json().message).toContain('Domínio inválido');
    const other = await createWorkspaceWithAdmin(t.app, { name: 'Outra', adminNickName: 'adminoutra' });
    const taken = await configure(config({ slug: 'empresa', allowedDomains: ['outra.com'] }), other.workspaceId);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('Este endereço já é de outro workspace');
    const sameDomain = await configure(config({ slug: 'outra', allowedDomains: ['empresa.com.br'] }), other.workspaceId);
    expect(sameDomain.statusCode).toBe(409);
    expect(sameDomain.json().message).toBe('O domínio empresa.com.br já entra por outro workspace');
  });
});

describe('configuração pelo ADMIN do workspace', () => {
  const asUser = (token: string, method: 'GET' | 'PUT', id: string, payload?: SsoConfigBody) =>
    t.app.inject({ method, url: `/api/workspace/${id}/sso`, headers: { authorization: `Bearer ${token}` }, payload });
  const setFeatures = async (id: string, features: WorkspaceFeature[]) => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/workspace/${id}`,
      headers: { authorization: `Bearer ${rootToken}` },
      payload: { name: 'Empresa', limitOfMembers: 0, features },
    });
    expect(res.statusCode, res.body).toBe(200);
  };

  it('só com a permissão do ROOT, só no próprio workspace, sem nunca ver o segredo', async () => {
    const admin = (await signIn(t.app, adminEmail, TEST_DEMO_PASSWORD)).accessToken;
    const refused = await asUser(admin, 'PUT', workspaceId, config({ clientId: 'outro' }));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(SSO_ADMIN_NOT_ALLOWED);
    expect((await asUser(admin, 'GET', workspaceId)).statusCode).toBe(403);

    await setFeatures(workspaceId, ['admin_sso']);
    try {
      // A new session carries the workspace's features as they are now.
      const session = await signIn(t.app, adminEmail, TEST_DEMO_PASSWORD);
      const allowed = session.accessToken;
      const read = await asUser(allowed, 'GET', workspaceId);
      expect(read.statusCode).toBe(200);
      expect(read.body).not.toContain(provider.clientSecret);
      expect(read.json().config.clientSecretPreview).toBe('••••6789');

      const { clientSecret: _kept, ...withoutSecret } = config({ createMembers: false });
      const saved = await asUser(allowed, 'PUT', workspaceId, withoutSecret);
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json().config).toMatchObject({ createMembers: false, clientSecretPreview: '••••6789' });
      const [entry] = await t.app.ctx.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, 'workspace.sso_changed'))
        .orderBy(desc(auditLog.seq))
        .limit(1);
      expect(entry).toMatchObject({ workspaceId, actorId: session.user.id, details: { createMembers: false, secretChanged: false } });
      expect(JSON.stringify(entry!.details)).not.toContain(provider.clientSecret);

      // The same validation as ROOT's.
      const http = await asUser(allowed, 'PUT', workspaceId, config({ issuer: 'http://idp.empresa.com.br' }));
      expect(http.json().message).toBe('O endereço do provedor precisa começar com https://');

      // Password sign-in off only with a way in left: their own domain allowed and the provider answering.
      const ownDomain = await asUser(allowed, 'PUT', workspaceId, config({ allowPassword: false, allowedDomains: ['empresa.com.br'] }));
      expect(ownDomain.statusCode).toBe(400);
      expect(ownDomain.json().message).toBe(SSO_OWN_DOMAIN_REQUIRED('outra.chat'));
      const down = await asUser(
        allowed,
        'PUT',
        workspaceId,
        config({ allowPassword: false, issuer: `http://127.0.0.1:${await freePort()}` }),
      );
      expect(down.statusCode).toBe(400);
      expect(down.json().message).toBe(SSO_PROVIDER_UNREACHABLE);
      const [row] = await t.app.ctx.db.select().from(workspaceSso).where(eq(workspaceSso.workspaceId, workspaceId));
      expect(row).toMatchObject({ issuer: provider.issuer, allowPassword: true });

      // Another workspace's configuration does not exist for them, even when their own is allowed.
      const other = await createWorkspaceWithAdmin(t.app, { name: 'Vizinha', adminNickName: 'adminvizinha' });
      const foreign = await asUser(allowed, 'GET', other.workspaceId);
      expect(foreign.statusCode).toBe(404);
      expect((await asUser(allowed, 'PUT', other.workspaceId, config({ slug: 'vizinha' }))).statusCode).toBe(404);
    } finally {
      await setFeatures(workspaceId, []);
      await configure(config());
    }
  });
});

describe('entrar pela conta da empresa', () => {
  it('a página de login acha o workspace pelo domínio do e-mail', async () => {
    const found = await t.app.inject({ method: 'GET', url: '/api/sso/lookup?email=Alguem@Empresa.com.br' });
    expect(found.json()).toEqual({ url: '/sso/empresa' });
    const missing = await t.app.inject({ method: 'GET', url: '/api/sso/lookup?email=alguem@gmail.com' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(SSO_TEXTS.notFound);
  });

  it('uma pessoa nova de um domínio permitido entra como membro, renova e sai como numa sessão normal', async () => {
    provider.accounts.set('nova', { email: 'Nova.Pessoa@empresa.com.br', emailVerified: true, name: 'Nova Pessoa' });
    const session = await signInThroughProvider('nova');
    expect(session.user).toMatchObject({
      name: 'Nova Pessoa',
      email: 'nova.pessoa@empresa.com.br',
      role: 'USER',
      workspaces: [{ id: workspaceId }],
    });

    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${session.accessToken}` } });
    expect(me.json().id).toBe(session.user.id);
    const renewed = await t.app.inject({ method: 'POST', url: '/api/refresh-token/use', payload: { refreshToken: session.refreshToken } });
    expect(renewed.statusCode).toBe(200);
    const pair = tokenPairSchema.parse(renewed.json());
    const sessions = await t.app.inject({
      method: 'GET',
      url: '/api/auth/sessions',
      headers: { authorization: `Bearer ${pair.accessToken}` },
    });
    expect(sessions.statusCode).toBe(200);
    expect(sessions.json().sessions ?? sessions.json()).toHaveLength(1);

    expect(
      (await t.app.inject({ method: 'POST', url: '/api/auth/signout', payload: { refreshToken: pair.refreshToken } })).statusCode,
    ).toBe(204);
    const afterSignout = await t.app.inject({
      method: 'POST',
      url: '/api/refresh-token/use',
      payload: { refreshToken: pair.refreshToken },
    });
    expect(afterSignout.statusCode).toBe(401);
    const oldAccess = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${pair.accessToken}` } });
    expect(oldAccess.statusCode).toBe(401);
  });

  it('a segunda entrada cai na mesma conta', async () => {
    provider.accounts.set('repetida', { email: 'repetida@empresa.com.br', emailVerified: true });
    const first = await signInThroughProvider('repetida');
    const second = await signInThroughProvider('repetida');
    expect(second.user.id).toBe(first.user.id);
    const [{ n }] = (await t.app.ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(sql`lower(${users.email}) = 'repetida@empresa.com.br'`)) as [{ n: number }];
    expect(n).toBe(1);
  });

  it('uma conta que já existe pelo e-mail só é ligada se o provedor confirmou o e-mail', async () => {
    provider.accounts.set('admin-sem-confirmar', { email: adminEmail, emailVerified: false });
    const refused = await throughProvider('admin-sem-confirmar');
    expect(refused.landing.search).toBe('?erro=unverified');
    expect(await t.app.ctx.db.select().from(ssoIdentities).where(eq(ssoIdentities.subject, 'admin-sem-confirmar'))).toHaveLength(0);

    provider.accounts.set('admin', { email: adminEmail, emailVerified: true });
    const session = await signInThroughProvider('admin');
    expect(session.user.email).toBe(adminEmail);
    expect(session.user.role).toBe('ADMIN');
  });

  it('recusa um domínio fora da lista, sem criar nada', async () => {
    provider.accounts.set('gmail', { email: 'alguem@gmail.com', emailVerified: true });
    const { landing } = await throughProvider('gmail');
    expect(landing.search).toBe('?erro=domain');
    expect(await t.app.ctx.db.select().from(users).where(eq(users.email, 'alguem@gmail.com'))).toHaveLength(0);
  });

  it('recusa uma volta com outro state e uma volta repetida (o mesmo código outra vez)', async () => {
    provider.accounts.set('estado', { email: 'estado@empresa.com.br', emailVerified: true });
    const trip = await throughProvider('estado');
    expect(handoffCode(trip.landing)).toBeTruthy();

    // The same return again, with the cookie it carried: the trip was used up.
    const browser = new CookieBrowser();
    const first = await browser.request(`${appUrl}/sso/empresa`);
    const replayState = new URL(first.location!).searchParams.get('state')!;
    const forged = new URL(trip.callbackUrl);
    const wrongState = await browser.request(forged.href);
    expect(forged.searchParams.get('state')).not.toBe(replayState);
    expect(new URL(wrongState.location!).search).toBe('?erro=expired');

    const replay = await trip.browser.request(trip.callbackUrl);
    expect(new URL(replay.location!).search).toBe('?erro=expired');
  });

  it('recusa quem chegaria além do limite de membros do workspace', async () => {
    const [{ n }] = (await t.app.ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(eq(users.workspaceId, workspaceId))) as [{ n: number }];
    await setMemberLimit(t.app, workspaceId, n);
    try {
      provider.accounts.set('cheio', { email: 'cheio@empresa.com.br', emailVerified: true });
      const { landing } = await throughProvider('cheio');
      expect(landing.search).toBe('?erro=limit');
      expect(await t.app.ctx.db.select().from(users).where(eq(users.email, 'cheio@empresa.com.br'))).toHaveLength(0);
    } finally {
      await setMemberLimit(t.app, workspaceId, 0);
    }
  });

  it('o código de entrada vale uma vez só', async () => {
    provider.accounts.set('uma-vez', { email: 'uma.vez@empresa.com.br', emailVerified: true });
    const { landing } = await throughProvider('uma-vez');
    const code = handoffCode(landing);
    expect((await exchange(code)).statusCode).toBe(200);
    const again = await exchange(code);
    expect(again.statusCode).toBe(401);
    expect(again.json().message).toBe('Código de entrada inválido ou expirado. Entre novamente.');
  });

  it('sem a senha liberada, o workspace entra só pela empresa; o ROOT sempre entra com senha', async () => {
    expect((await configure(config({ allowPassword: false }))).statusCode).toBe(200);
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/signin',
        payload: { identifier: adminEmail, password: TEST_DEMO_PASSWORD },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(SSO_TEXTS.passwordRefused);
      // A wrong password still gets the usual answer: the refusal reveals nothing without it.
      const wrong = await t.app.inject({
        method: 'POST',
        url: '/api/auth/signin',
        payload: { identifier: adminEmail, password: 'errada-123' },
      });
      expect(wrong.statusCode).toBe(401);
      await signIn(t.app, 'root@chat.local', TEST_ROOT_PASSWORD);
    } finally {
      await configure(config());
    }
  });

  it('provedor fora do ar, cliente errado e workspace sem SSO levam às suas páginas de erro', async () => {
    const closedPort = await freePort();
    await configure(config({ issuer: `http://127.0.0.1:${closedPort}` }));
    const down = await new CookieBrowser().request(`${appUrl}/sso/empresa`);
    expect(down.status).toBe(302);
    expect(new URL(down.location!).search).toBe('?erro=provider');

    await configure(config({ clientSecret: 'segredo-errado-0000000000' }));
    provider.accounts.set('cliente', { email: 'cliente@empresa.com.br', emailVerified: true });
    const wrongClient = await throughProvider('cliente');
    expect(wrongClient.landing.search).toBe('?erro=client');
    await configure(config());

    const unknown = await new CookieBrowser().request(`${appUrl}/sso/nao-existe`);
    expect(new URL(unknown.location!).search).toBe('?erro=unknown');
  });
});

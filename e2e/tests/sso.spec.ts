import type { Browser, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { startTestProvider, type TestProvider } from '../support/oidc-provider';
import { DEMO_PASSWORD, ROOT_EMAIL, ROOT_PASSWORD } from '../support/product';
import { expectPath, expectToast, signIn } from '../support/session';

// The company sign-in in Chromium, through a real OpenID provider's own login form: ROOT points
// the demo workspace at it, a new person of the company's domain signs in and lands in the
// workspace, signs out and comes back to the same account; a person of another domain gets the
// Portuguese refusal page. Then ROOT lets the workspace's ADMIN configure it, the ADMIN does so
// from the team page, and a person of the domain she adds signs in through it.

let provider: TestProvider;

test.afterAll(async () => {
  await provider?.close();
});

async function newPage(browser: Browser, baseURL: string, width = 1440): Promise<Page> {
  return (await browser.newContext({ baseURL, viewport: { width, height: 900 } })).newPage();
}

const storedUserId = (page: Page) =>
  page.evaluate(() => (JSON.parse(localStorage.getItem('@team-chat:user') ?? '{}') as { id?: string }).id ?? '');

/** The provider's development login form: any password for a known login. */
async function signInAtProvider(page: Page, login: string) {
  await expect(page.locator('input[name="login"]')).toBeVisible();
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('qualquer-senha');
  await page.getByRole('button', { name: 'Sign-in' }).click();
}

/** Started by the first test that needs it; the file's tests share it like they share the product. */
async function ensureProvider(baseURL: string): Promise<TestProvider> {
  provider ??= await startTestProvider(baseURL);
  return provider;
}

test('a new person of the company signs in through the provider, signs out and comes back to the same account', async ({
  page: root,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await ensureProvider(baseURL!);
  provider.accounts.set('nova', { email: 'nova.pessoa@empresa.com.br', emailVerified: true, name: 'Nova Pessoa' });
  provider.accounts.set('gmail', { email: 'alguem@gmail.com', emailVerified: true });

  await test.step('ROOT points the demo workspace at the provider', async () => {
    await root.setViewportSize({ width: 1440, height: 900 });
    await signIn(root, ROOT_EMAIL, ROOT_PASSWORD);
    await root.getByRole('button', { name: 'Editar Equipe Demo' }).click();
    await root.getByRole('dialog', { name: 'Editar Workspace' }).getByRole('button', { name: 'Entrada pela conta da empresa' }).click();
    const dialog = root.getByRole('dialog', { name: 'Entrada pela conta da empresa' });
    await expect(dialog).toContainText(`${baseURL}/api/sso/callback`);
    await dialog.getByLabel('Endereço do provedor (issuer)').fill(provider.issuer);
    await dialog.getByLabel('Identificador do cliente').fill(provider.clientId);
    await dialog.getByLabel('Segredo do cliente', { exact: true }).fill(provider.clientSecret);
    await dialog.getByLabel('Domínios de e-mail permitidos').fill('empresa.com.br');
    await expect(dialog.getByLabel('Endereço do workspace')).toHaveValue('equipe-demo');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expectToast(root, 'Sucesso', 'Entrada pela empresa salva');
    await expect(dialog).toContainText('Guardado: ••••6789');
  });

  const person = await newPage(browser, baseURL!);
  let userId = '';
  await test.step('the sign-in page finds the workspace by the e-mail and the provider signs the person in', async () => {
    await person.goto('/');
    await person.getByRole('link', { name: 'Entrar com a conta da empresa' }).click();
    await expectPath(person, '/sso');
    await person.getByLabel('E-mail de trabalho').fill('nova.pessoa@empresa.com.br');
    await person.getByRole('button', { name: 'Continuar' }).click();
    await signInAtProvider(person, 'nova');
    await expectPath(person, '/auth/conversations');
    await expectToast(person, 'Bem vindo!');
    userId = await storedUserId(person);
    expect(userId).toMatch(/^[0-9a-f-]{36}$/);
  });

  await test.step('sign-out ends the session; the workspace link signs the same account in again', async () => {
    await person.getByRole('button', { name: 'Sair' }).click();
    await expectPath(person, '/');
    await person.goto('/sso/equipe-demo');
    // The provider remembers its own session: straight back, no form.
    await expectPath(person, '/auth/conversations');
    const again = await storedUserId(person);
    expect(again).toBe(userId);
  });

  await test.step('a person of another domain gets the refusal page in Portuguese', async () => {
    const other = await newPage(browser, baseURL!, 390);
    await other.goto('/sso/equipe-demo');
    await signInAtProvider(other, 'gmail');
    await expectPath(other, '/sso?erro=domain');
    await expect(other.getByRole('heading', { name: 'Não foi possível entrar' })).toBeVisible();
    await expect(other.getByRole('alert')).toHaveText('Este e-mail não pode entrar neste workspace pela conta da empresa.');
    await other.getByRole('link', { name: 'Entrar com e-mail e senha' }).click();
    await expectPath(other, '/');
  });
});

test('ROOT lets the ADMIN configure it; she does from the team page and a member signs in through it', async ({
  page: root,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await ensureProvider(baseURL!);
  provider.accounts.set('filial', { email: 'pessoa@filial.com.br', emailVerified: true, name: 'Pessoa da Filial' });

  const ana = await newPage(browser, baseURL!);
  await test.step('without the permission, the team page has no company sign-in', async () => {
    await signIn(ana, 'ana@demo.chat', DEMO_PASSWORD);
    await expectPath(ana, '/auth/conversations');
    await ana.getByRole('link', { name: 'Equipe' }).click();
    await expect(ana.getByRole('link', { name: 'Registro de atividades' })).toBeVisible();
    await expect(ana.getByRole('region', { name: 'Entrada pela conta da empresa' })).toHaveCount(0);
  });

  await test.step('ROOT turns the permission on in the workspace', async () => {
    await signIn(root, ROOT_EMAIL, ROOT_PASSWORD);
    await root.getByRole('button', { name: 'Editar Equipe Demo' }).click();
    const edit = root.getByRole('dialog', { name: 'Editar Workspace' });
    await edit.getByRole('switch', { name: 'Administrador configura a entrada pela empresa' }).click();
    await edit.getByRole('button', { name: 'Salvar' }).click();
    await expectToast(root, 'Sucesso', 'Workspace atualizado com sucesso');
  });

  await test.step('the ADMIN configures the provider on the team page', async () => {
    // A new session carries the workspace's features as ROOT left them.
    await ana.getByRole('button', { name: 'Sair' }).click();
    await expectPath(ana, '/');
    await signIn(ana, 'ana@demo.chat', DEMO_PASSWORD);
    await expectPath(ana, '/auth/conversations');
    await ana.getByRole('link', { name: 'Equipe' }).click();
    const section = ana.getByRole('region', { name: 'Entrada pela conta da empresa' });
    await expect(section).toContainText(`${baseURL}/api/sso/callback`);
    await section.getByLabel('Endereço do provedor (issuer)').fill(provider.issuer);
    await section.getByLabel('Identificador do cliente').fill(provider.clientId);
    await section.getByLabel('Segredo do cliente', { exact: true }).fill(provider.clientSecret);
    await section.getByLabel('Domínios de e-mail permitidos').fill('empresa.com.br, filial.com.br');
    await section.getByRole('button', { name: 'Salvar' }).click();
    await expectToast(ana, 'Sucesso', 'Entrada pela empresa salva');
    await expect(section).toContainText('Guardado: ••••6789');
    await expect(section.getByLabel('Segredo do cliente', { exact: true })).toHaveValue('');
  });

  await test.step('a person of the domain she added signs in through the provider', async () => {
    const person = await newPage(browser, baseURL!, 390);
    await person.goto('/');
    await person.getByRole('link', { name: 'Entrar com a conta da empresa' }).click();
    await person.getByLabel('E-mail de trabalho').fill('pessoa@filial.com.br');
    await person.getByRole('button', { name: 'Continuar' }).click();
    await signInAtProvider(person, 'filial');
    await expectPath(person, '/auth/conversations');
    expect(await storedUserId(person)).toMatch(/^[0-9a-f-]{36}$/);
  });
});

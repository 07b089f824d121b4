import { PRODUCT_URL } from '../support/product';
import { expect, test } from '../support/fixtures';

// docs/produto.md, Funcionalidades por workspace: on the production web origin the flags
// disable_create_account and disable_recovery_password hide the register and forgot-password links,
// and the server refuses what they hide. This file's server takes its own URL (APP_URL) as
// PRODUCTION_ORIGIN, so it is the production deployment: it refuses those calls whatever Origin
// header a client sends or omits.
test.use({ productEnv: { PRODUCTION_ORIGIN: PRODUCT_URL } });

test('on the production origin the sign-in page hides the register and forgot-password links', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByText('Entrar na sua conta')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Esqueci minha senha' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Criar conta' })).toHaveCount(0);
});

test('on the production origin the server refuses the hidden actions', async ({ page, product }) => {
  const headers = { Origin: product.url };
  const reset = await page.request.post('/api/password-token/create', { headers, data: { email: 'ana@demo.chat' } });
  expect(reset.status()).toBe(403);
  const register = await page.request.post('/api/user/create-by-invite', {
    headers,
    data: { name: 'Eva Lima', email: 'eva@exemplo.com', nickName: 'eva', password: 'senha-da-eva-1', inviteCode: 'ABC-123' },
  });
  expect(register.status()).toBe(403);
  expect(((await register.json()) as { message: string }).message).toMatch(/[ãçéíóúâê]|desativad/i);
});

test('on the production deployment a curl-like client without Origin (or with a forged one) is refused too', async ({ product }) => {
  for (const origin of [undefined, 'http://outro.exemplo.com']) {
    const headers: Record<string, string> = { 'content-type': 'application/json', ...(origin ? { origin } : {}) };
    const reset = await fetch(`${product.url}/api/password-token/create`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ email: 'ana@demo.chat' }),
    });
    expect(reset.status, String(origin)).toBe(403);
    expect(((await reset.json()) as { message: string }).message).toBe('Recuperação de senha desativada');
    const register = await fetch(`${product.url}/api/user/create-by-invite`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        name: 'Eva Lima',
        email: 'eva@exemplo.com',
        nickName: 'eva',
        password: 'senha-da-eva-1',
        inviteCode: 'ABC-123',
      }),
    });
    expect(register.status, String(origin)).toBe(403);
    expect(((await register.json()) as { message: string }).message).toBe('Criação de conta desativada');
  }
});

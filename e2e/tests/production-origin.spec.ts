import { PRODUCT_URL } from '../support/product';
import { expect, test } from '../support/fixtures';

// SPEC section 6: on the production web origin the flags disable_create_account and
// disable_recovery_password hide the register and forgot-password links, and the server refuses
// what they hide. This file's server takes its own URL as PRODUCTION_ORIGIN.
test.use({ productEnv: { PRODUCTION_ORIGIN: PRODUCT_URL } });

test('on the production origin the sign-in page hides the register and forgot-password links', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByText('Entrar na sua conta')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Esqueci minha senha' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Criar conta' })).toHaveCount(0);
  await page.screenshot({ path: '../test-results/screens/sign-in-production-origin.png', fullPage: true });
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

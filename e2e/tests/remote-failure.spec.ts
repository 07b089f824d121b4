import { DEMO_PASSWORD } from '../support/product';
import { expectPath, signIn } from '../support/session';
import { expect, test } from '../support/fixtures';

// The team remote's manifest answers 404: only its slot may fail.
test.use({ productEnv: { REMOTE_TEAM_URL: '/remotes/team-missing/mf-manifest.json' } });

test('a remote that cannot load shows the error panel while the rest keeps working', async ({ page }) => {
  await signIn(page, 'ana', DEMO_PASSWORD);
  await expectPath(page, '/auth/conversations');
  await page.getByRole('link', { name: 'Equipe' }).click();
  await expectPath(page, '/auth/team');
  await expect(page.getByRole('alert').getByText('Não foi possível carregar esta área')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Equipe' })).toBeVisible();

  await page.getByRole('link', { name: 'Conversas' }).click();
  await expect(page.getByText('Selecione uma conversa para ver as mensagens')).toBeVisible();
  await page.getByRole('link', { name: 'Configurações' }).click();
  await expect(page.getByRole('link', { name: 'Conta' })).toBeVisible();
});

import { expect, test } from '../support/fixtures';
import { DEMO_PASSWORD, ROOT_EMAIL, ROOT_PASSWORD } from '../support/product';
import { expectPath, expectToast, signIn } from '../support/session';

// ROOT deletes the demo workspace (members, chats, messages, files): the name typed to confirm,
// the progress followed to the end, the workspace gone from the list, its members signed out.

test('ROOT deletes a workspace: typed name, progress until done, members signed out', async ({ page: root, browser, baseURL }) => {
  test.setTimeout(120_000);
  await root.setViewportSize({ width: 1440, height: 900 });

  const carla = await (await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 } })).newPage();
  await signIn(carla, 'carla', DEMO_PASSWORD);
  await expectPath(carla, '/auth/conversations');

  await signIn(root, ROOT_EMAIL, ROOT_PASSWORD);
  await expectPath(root, '/root/workspaces');
  await root.getByRole('button', { name: 'Editar Equipe Demo' }).click();
  const edit = root.getByRole('dialog', { name: 'Editar Workspace' });
  await edit.getByRole('button', { name: 'Excluir workspace' }).click();

  const confirm = root.getByRole('dialog', { name: 'Excluir o workspace?' });
  const button = confirm.getByRole('button', { name: 'Excluir definitivamente' });
  await expect(button).toBeDisabled();
  await confirm.getByLabel('Nome do workspace').fill('equipe demo');
  await expect(button).toBeDisabled();
  await confirm.getByLabel('Nome do workspace').fill('Equipe Demo');
  // The first look at the job waits until the bar has been seen.
  let release = () => {};
  const seen = new Promise<void>((resolve) => (release = resolve));
  await root.route('**/api/workspace/deletions/*', async (route) => {
    await seen;
    await route.continue();
  });
  await button.click();
  const progress = root.getByRole('dialog', { name: 'Excluindo o workspace' });
  await expect(progress.getByRole('progressbar', { name: 'Excluindo o workspace' })).toBeVisible();
  release();

  await expectToast(root, 'Sucesso', 'Workspace excluído');
  await expect(root.getByRole('dialog')).toHaveCount(0);
  await expect(root.getByRole('button', { name: 'Editar Equipe Demo' })).toHaveCount(0);
  await root.reload();
  await expect(root.getByRole('button', { name: 'Criar Workspace' })).toBeVisible();
  await expect(root.getByRole('button', { name: 'Editar Equipe Demo' })).toHaveCount(0);

  // Carla's open page was signed out; she cannot sign in again.
  await expectPath(carla, '/');
  await signIn(carla, 'carla', DEMO_PASSWORD);
  await expect(carla.getByRole('alert').or(carla.locator('li[data-type]')).first()).toBeVisible();
  await expectPath(carla, '/');

  // The deletion stays in ROOT's activity log.
  await root.goto('/root/audit');
  await expect(root.getByText(/Equipe Demo · \d+ itens apagados/)).toBeVisible();
});

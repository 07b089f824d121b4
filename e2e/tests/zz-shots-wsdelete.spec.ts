import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { DEMO_PASSWORD, ROOT_EMAIL, ROOT_PASSWORD } from '../support/product';
import { expectPath, signIn } from '../support/session';

const OUT = '/work/shots/wsdelete';

for (const width of [1440, 390]) {
  test(`shots ${width}`, async ({ page, browser, baseURL }) => {
    test.setTimeout(120_000);
    const height = width === 390 ? 844 : 900;
    await page.setViewportSize({ width, height });
    const shot = (p: Page, name: string) => p.screenshot({ path: `${OUT}/${name}-${width}.png` });

    const ana = await (await browser.newContext({ baseURL, viewport: { width, height } })).newPage();
    await signIn(ana, 'ana', DEMO_PASSWORD);
    await expectPath(ana, '/auth/conversations');
    await ana.goto('/auth/team');
    await ana.getByRole('button', { name: /Remover Carla/ }).click();
    const remove = ana.getByRole('dialog', { name: 'Remover membro' });
    await remove.getByRole('checkbox', { name: 'Excluir também os dados do membro' }).click();
    await shot(ana, 'remove-member-erase');
    await remove.getByRole('checkbox', { name: /Apagar também/ }).click();
    await shot(ana, 'remove-member-erase-messages');

    await signIn(page, ROOT_EMAIL, ROOT_PASSWORD);
    await expectPath(page, '/root/workspaces');
    await page.waitForTimeout(6000);
    await page.getByRole('button', { name: 'Editar Equipe Demo' }).click();
    const edit = page.getByRole('dialog', { name: 'Editar Workspace' });
    const zone = edit.getByRole('button', { name: 'Excluir workspace' });
    await zone.scrollIntoViewIfNeeded();
    await shot(page, 'edit-danger-zone');
    await zone.click();
    const confirm = page.getByRole('dialog', { name: 'Excluir o workspace?' });
    await confirm.getByLabel('Nome do workspace').fill('Equipe Dem');
    await shot(page, 'confirm-typing');
    await confirm.getByLabel('Nome do workspace').fill('Equipe Demo');
    await shot(page, 'confirm-typed');
    if (width !== 390) return;
    let release = () => {};
    const seen = new Promise<void>((resolve) => (release = resolve));
    let first = true;
    await page.route('**/api/workspace/deletions/*', async (route) => {
      if (first) {
        first = false;
        const id = route.request().url().split('/').pop();
        return route.fulfill({ json: { id, workspaceId: 'x', status: 'running', done: 9, total: 21 } });
      }
      await seen;
      await route.continue();
    });
    await confirm.getByRole('button', { name: 'Excluir definitivamente' }).click();
    await expect(page.getByText('9 de 21 itens apagados')).toBeVisible();
    await shot(page, 'progress');
    release();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await shot(page, 'after');
  });
}

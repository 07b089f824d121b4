import type { Page } from '@playwright/test';
import { listEntry, memberRow, openMember, toggleDetails } from '../support/chat';
import { call, signInApi } from '../support/api';
import { pngImage } from '../support/images';
import { expectToast } from '../support/session';
import { expect, test } from '../support/fixtures';

// Group administration, live: an admin changes the photo and removes a member, a member leaves, and every act is a
// system line the other members see at once. The group is made through the API; the acts go
// through the details panel as people do them.

test.describe.configure({ timeout: 120_000 });

const newStamp = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
const systemLines = (page: Page) => page.getByTestId('system-line');

test('an admin changes the photo and removes a member, a member leaves; the others see it live', async ({ browser, baseURL }) => {
  const name = `Equipe ${newStamp()}`;
  const [anaApi, brunoApi, carlaApi, diegoApi] = await Promise.all(['ana', 'bruno', 'carla', 'diego'].map((n) => signInApi(baseURL!, n)));
  await call(baseURL!, '/group/create', {
    method: 'POST',
    token: anaApi!.token,
    body: { name, description: '', members: [brunoApi!.userId, carlaApi!.userId, diegoApi!.userId] },
  });

  const [ana, bruno, carla] = await Promise.all([
    openMember(browser, baseURL!, 'ana'),
    openMember(browser, baseURL!, 'bruno'),
    openMember(browser, baseURL!, 'carla'),
  ]);
  for (const page of [ana, bruno, carla]) {
    await listEntry(page, name).click();
    await expect(systemLines(page).filter({ hasText: 'criou o grupo' })).toBeVisible();
  }
  // The list shows the line as the preview, whole.
  await expect(listEntry(carla, 'Ana Souza criou o grupo')).toBeVisible();
  await expect(listEntry(ana, 'Você criou o grupo')).toBeVisible();

  // The group's menu names it as a group.
  await ana.getByRole('region', { name: 'Conversa' }).getByRole('button', { name: 'Mais opções' }).first().click();
  await expect(ana.getByRole('menuitem', { name: 'Dados do grupo' })).toBeVisible();
  await ana.keyboard.press('Escape');

  // Ana gives the group a photo: everyone's header shows it, with its line.
  await toggleDetails(ana);
  await expect(ana.getByText('Grupo · 4 membros')).toBeVisible();
  await ana.getByLabel('Foto do grupo').setInputFiles({ name: 'grupo.png', mimeType: 'image/png', buffer: pngImage(96, 96) });
  await expectToast(ana, 'Sucesso', 'Foto do grupo atualizada');
  await expect(systemLines(carla).filter({ hasText: 'Ana Souza mudou a foto do grupo' })).toBeVisible();
  await expect(carla.locator('header img[src*="/media/avatars/"]')).toBeVisible();

  // Ana removes Bruno, after confirming.
  await memberRow(ana, 'bruno').getByRole('button', { name: 'Mais opções' }).click();
  await ana.getByRole('menuitem', { name: 'Remover do grupo' }).click();
  const confirm = ana.getByRole('dialog', { name: 'Remover do grupo' });
  await expect(confirm).toContainText('Remover Bruno Oliveira');
  await confirm.getByRole('button', { name: 'Remover' }).click();
  await expectToast(ana, 'Sucesso', 'Membro removido do grupo');
  await expect(ana.getByText('Grupo · 3 membros')).toBeVisible();
  await expect(memberRow(ana, 'bruno')).toHaveCount(0);

  // Carla, a third member, sees the line live; Bruno loses the group at once.
  await expect(systemLines(carla).filter({ hasText: 'Ana Souza removeu Bruno Oliveira' })).toBeVisible();
  await expect(systemLines(ana).filter({ hasText: 'Você removeu Bruno Oliveira' })).toBeVisible();
  await expect(listEntry(bruno, name)).toHaveCount(0);
  await expect(bruno.getByText('Você não faz mais parte deste grupo')).toBeVisible();

  // Carla opens the details and leaves; Ana sees the line and the count live.
  await toggleDetails(carla);
  await carla.getByRole('button', { name: 'Sair do grupo' }).click();
  const leave = carla.getByRole('dialog', { name: 'Sair do grupo' });
  await leave.getByRole('button', { name: 'Sair do grupo' }).click();
  await expectToast(carla, 'Sucesso', 'Você saiu do grupo');
  await expect(carla).toHaveURL(/\/auth\/conversations$/);
  await expect(listEntry(carla, name)).toHaveCount(0);
  await expect(systemLines(ana).filter({ hasText: 'Carla Mendes saiu' })).toBeVisible();
  await expect(ana.getByText('Grupo · 2 membros')).toBeVisible();
  await expect(memberRow(ana, 'carla')).toHaveCount(0);
  // The lines are no one's messages: no bubble, no actions.
  await expect(ana.getByTestId('message')).toHaveCount(0);
});

import type { Page } from '@playwright/test';
import { call, signInApi } from '../support/api';
import { listEntry, messages, openMember, toggleDetails } from '../support/chat';
import { expect, test } from '../support/fixtures';

// Incoming webhooks (docs/api.md, Webhooks de um grupo): a group admin creates one in
// 'Integrações' and copies its URL; a tool posts Slack's payload to it (here node's fetch, as
// curl would), and two members see the message live, under the webhook's name with 'bot'.

const hookPost = (url: string, body: unknown) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

const botMessage = (page: Page, text: string) => messages(page).filter({ hasText: text });

test('a Slack payload posted to the URL appears live for two members, with the bot badge', async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  const url = baseURL!;
  const name = `Ganchos ${Date.now().toString(36)}`;
  const [carlaApi, diegoApi] = await Promise.all(['carla', 'diego'].map((n) => signInApi(url, n)));
  await call(url, '/group/create', {
    method: 'POST',
    token: carlaApi!.token,
    body: { name, description: '', members: [diegoApi!.userId] },
  });

  const [carla, diego] = await Promise.all([openMember(browser, url, 'carla'), openMember(browser, url, 'diego')]);
  for (const page of [carla, diego]) await listEntry(page, name).click();

  // Carla, the group's admin, creates the webhook and reads its URL, shown once.
  await toggleDetails(carla);
  await carla.getByRole('button', { name: 'Integrações', exact: true }).click();
  const dialog = carla.getByRole('dialog', { name: 'Integrações' });
  await dialog.getByLabel('Nome', { exact: true }).fill('Deploy');
  await dialog.getByRole('button', { name: 'Criar webhook de entrada' }).click();
  const field = dialog.locator('#incoming-webhook-url');
  await expect(field).toHaveValue(/\/api\/hooks\/[A-Za-z0-9_-]{43}$/);
  const hookPath = new URL(await field.inputValue()).pathname;
  await expect(dialog.getByRole('list', { name: 'Webhooks de entrada do grupo' }).getByText('Deploy')).toBeVisible();
  await carla.screenshot({ path: test.info().outputPath('integracoes-1440.png') });
  await carla.keyboard.press('Escape');

  const res = await hookPost(`${url}${hookPath}`, { text: '*Build* verde: <https://ci.exemplo.com/7|pipeline 7>' });
  expect(res.status).toBe(200);

  for (const page of [carla, diego]) {
    const posted = botMessage(page, 'pipeline 7 (https://ci.exemplo.com/7)');
    await expect(posted).toBeVisible();
    await expect(posted).toContainText('Deploy bot');
    await expect(posted.getByText('bot', { exact: true })).toBeVisible();
    await expect(posted.locator('strong', { hasText: 'Build' })).toBeVisible();
  }
  await diego.screenshot({ path: test.info().outputPath('bot-message-1440.png') });

  // A token that is not a webhook's: 404.
  expect((await hookPost(`${url}/api/hooks/${'x'.repeat(43)}`, { text: 'oi' })).status).toBe(404);
  // A payload without text: 400 with what to fix.
  const bad = await hookPost(`${url}${hookPath}`, { attachments: [] });
  expect(bad.status).toBe(400);
  expect(((await bad.json()) as { message: string }).message).toMatch(/Informe o texto|não pode estar vazia/);
});

import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { call, signInApi } from '../support/api';
import { listEntry, messages, openMember, toggleDetails } from '../support/chat';
import { expect, test } from '../support/fixtures';
import { pngImage } from '../support/images';

// The payloads' icons come from a server this file runs, reached as 'localhost' (listed) and
// never as 127.0.0.1 (loopback, refused).
test.use({ productEnv: { WEBHOOK_ALLOWED_HOSTS: 'localhost' } });

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

test("a webhook's own image, and an icon_url copied by the server and shown from our media", async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  const url = baseURL!;
  const icon = pngImage(48, 48, () => [200, 60, 20]);
  const iconServer = createServer((_request, response) => response.writeHead(200, { 'content-type': 'image/png' }).end(icon));
  await new Promise<void>((resolve) => iconServer.listen(0, resolve));
  const iconPort = (iconServer.address() as AddressInfo).port;
  try {
    const name = `Ícones ${Date.now().toString(36)}`;
    const carlaApi = await signInApi(url, 'carla');
    await call(url, '/group/create', { method: 'POST', token: carlaApi!.token, body: { name, description: '', members: [] } });
    const carla = await openMember(browser, url, 'carla');
    await listEntry(carla, name).click();

    await toggleDetails(carla);
    await carla.getByRole('button', { name: 'Integrações', exact: true }).click();
    const dialog = carla.getByRole('dialog', { name: 'Integrações' });
    await dialog.getByLabel('Nome', { exact: true }).fill('Monitor');
    const chooser = carla.waitForEvent('filechooser');
    await dialog.getByRole('button', { name: 'Escolher imagem' }).click();
    await (await chooser).setFiles({ name: 'monitor.png', mimeType: 'image/png', buffer: pngImage(64, 64) });
    await expect(dialog.getByRole('button', { name: 'Trocar imagem' })).toBeVisible();
    await dialog.getByLabel('Permitir que a ferramenta troque o nome e a imagem (username e icon_url)').check();
    await dialog.getByRole('button', { name: 'Criar webhook de entrada' }).click();
    const field = dialog.locator('#incoming-webhook-url');
    await expect(field).toHaveValue(/\/api\/hooks\/[A-Za-z0-9_-]{43}$/);
    const hookUrl = `${url}${new URL(await field.inputValue()).pathname}`;
    const listed = dialog.getByRole('list', { name: 'Webhooks de entrada do grupo' }).getByRole('listitem').filter({ hasText: 'Monitor' });
    const ownImage = await listed.getByRole('img', { name: 'Monitor' }).getAttribute('src');
    expect(ownImage).toMatch(/\/media\/avatars\/[0-9a-f-]{36}-monitor\.png$/);
    await carla.keyboard.press('Escape');

    const post = async (text: string, iconUrl?: string) =>
      expect((await hookPost(hookUrl, { text, ...(iconUrl ? { icon_url: iconUrl } : {}) })).status).toBe(200);
    await post('sem ícone');
    await post('com ícone', `http://localhost:${iconPort}/icone.png`);
    await post('ícone interno', `http://127.0.0.1:${iconPort}/icone.png`);

    const avatarOf = (text: string) => botMessage(carla, text).getByRole('img', { name: 'Monitor' });
    await expect(avatarOf('sem ícone')).toHaveAttribute('src', ownImage!);
    await expect(avatarOf('com ícone')).toHaveAttribute('src', new RegExp(`^${url}/media/avatars/[0-9a-f-]{36}-icone\\.png$`));
    await expect(avatarOf('ícone interno')).toHaveAttribute('src', ownImage!);
    // Shown, not blocked: the copy is served from our own origin, which the CSP allows.
    await expect.poll(() => avatarOf('com ícone').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(48);
    await botMessage(carla, 'ícone interno').scrollIntoViewIfNeeded();
    await carla.screenshot({ path: test.info().outputPath('webhook-icons-1440.png') });
  } finally {
    iconServer.close();
  }
});

import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '../support/fixtures';
import { outboxFiles, waitForMailLink } from '../support/outbox';
import { DEMO_PASSWORD } from '../support/product';
import { expectPath, expectToastShown, liveConnection, recordToasts, signIn } from '../support/session';
import { unzipTo } from '../support/zip';

// The demo workspace's ADMIN, Ana, exports the workspace from the team page: she hears it is
// ready, downloads the zip and finds the team's members, groups and messages in it.

test('ana exports the workspace, hears it is ready and downloads a zip of its members, groups and messages', async ({
  browser,
  product,
}) => {
  const context = await browser.newContext({ baseURL: product.url, acceptDownloads: true });
  await recordToasts(context);
  const page = await context.newPage();
  await signIn(page, 'ana@demo.chat', DEMO_PASSWORD);
  await expectPath(page, '/auth/conversations');
  const mailsBefore = outboxFiles(product.dataDir).length;
  const live = liveConnection(page);
  await page.getByRole('link', { name: 'Equipe' }).click();
  await expectPath(page, '/auth/team');
  await live;

  const card = page.getByRole('region', { name: 'Exportar o workspace' });
  await card.getByRole('button', { name: 'Exportar workspace' }).click();
  await expectToastShown(page, 'Exportação do workspace pronta');
  await expect(card.getByText('Exportação do workspace pronta')).toBeVisible();
  const mail = await waitForMailLink(product.dataDir, mailsBefore, /http\S+\/auth\/team/);
  expect(mail.text).toContain('24 horas');

  const download = page.waitForEvent('download');
  await card.getByRole('button', { name: 'Baixar arquivo' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^papo-workspace-\d{4}-\d{2}-\d{2}\.zip$/);
  const dir = mkdtempSync(path.join(tmpdir(), 'exportacao-workspace-'));
  try {
    const names = await unzipTo(readFileSync(await file.path()), dir);
    expect(names).toEqual(
      expect.arrayContaining([
        'workspace.json',
        'membros.json',
        'grupos.json',
        'conversas.json',
        'mensagens.json',
        'arquivos.json',
        'index.html',
      ]),
    );
    const read = (name: string) => JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as unknown;
    expect(read('workspace.json')).toMatchObject({ name: 'Equipe Demo' });
    const emails = (read('membros.json') as Array<{ email: string }>).map((m) => m.email).sort();
    expect(emails).toEqual(expect.arrayContaining(['ana@demo.chat', 'bruno@demo.chat', 'carla@demo.chat', 'diego@demo.chat']));
    expect((read('grupos.json') as unknown[]).length).toBeGreaterThan(0);
    const sent = read('mensagens.json') as Array<{ sender: { name: string }; chat: { name: string } }>;
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.every((m) => m.sender.name && m.chat.name)).toBe(true);

    const reader = await context.newPage();
    await reader.goto(`file://${path.join(dir, 'index.html')}`);
    await expect(reader.getByRole('heading', { name: 'Exportação do workspace Equipe Demo' })).toBeVisible();
    await expect(reader.getByText('bruno@demo.chat')).toBeVisible();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

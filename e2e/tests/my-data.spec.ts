import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { conversationWithApi, sendTextApi, signInApi } from '../support/api';
import { entryNamed, messages, openMember } from '../support/chat';
import { expect, test } from '../support/fixtures';
import { outboxFiles, waitForMailLink } from '../support/outbox';
import { DEMO_PASSWORD } from '../support/product';
import { expectPath, expectToastShown, liveConnection, recordToasts, signIn } from '../support/session';
import { unzipTo } from '../support/zip';

// Configurações > Meus dados: a member downloads everything they have and reads it in the
// browser; another erases their account while a colleague watches their conversation.

test.describe.configure({ mode: 'serial' });

async function openMyData(page: Page) {
  await page.goto('/auth/settings');
  await page.getByRole('link', { name: 'Meus dados' }).click();
  await expectPath(page, '/auth/settings/meus-dados');
}

test('diego asks for his data, hears it is ready, downloads it and reads its index.html', async ({ browser, product }) => {
  const diegoApi = await signInApi(product.url, 'diego');
  const carlaApi = await signInApi(product.url, 'carla');
  const conversation = await conversationWithApi(product.url, diegoApi.token, carlaApi.userId);
  await sendTextApi(product.url, diegoApi.token, conversation.id, 'Relatório <b>pronto</b> para exportar');
  await sendTextApi(product.url, carlaApi.token, conversation.id, 'Resposta só da Carla');

  const context = await browser.newContext({ baseURL: product.url, acceptDownloads: true });
  await recordToasts(context);
  const page = await context.newPage();
  await signIn(page, 'diego@demo.chat', DEMO_PASSWORD);
  await expectPath(page, '/auth/conversations');
  const mailsBefore = outboxFiles(product.dataDir).length;
  const live = liveConnection(page);
  await openMyData(page);
  await live;

  await page.getByRole('button', { name: 'Preparar meus dados' }).click();
  await expectToastShown(page, 'Seus dados estão prontos');
  const mail = await waitForMailLink(product.dataDir, mailsBefore, /http\S+\/auth\/settings\/meus-dados/);
  expect(mail.text).toContain('24 horas');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Baixar arquivo' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^papo-meus-dados-\d{4}-\d{2}-\d{2}\.zip$/);
  const saved = await file.path();
  const dir = mkdtempSync(path.join(tmpdir(), 'meus-dados-'));
  try {
    const { readFileSync } = await import('node:fs');
    const names = await unzipTo(readFileSync(saved), dir);
    expect(names).toEqual(expect.arrayContaining(['perfil.json', 'sessoes.json', 'mensagens.json', 'reacoes.json', 'index.html']));

    const reader = await context.newPage();
    await reader.goto(`file://${path.join(dir, 'index.html')}`);
    await expect(reader.getByRole('heading', { name: 'Meus dados no Papo' })).toBeVisible();
    await expect(reader.getByText('diego@demo.chat')).toBeVisible();
    // What he wrote, escaped (read as text, never as markup), in his conversation with Carla.
    const row = reader.getByRole('row').filter({ hasText: 'Relatório <b>pronto</b> para exportar' });
    await expect(row).toContainText('Conversa com Carla');
    await expect(reader.getByText('Resposta só da Carla')).toHaveCount(0);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('bruno erases his account; carla’s open conversation shows "Usuário removido"', async ({ browser, product }) => {
  const carlaApi = await signInApi(product.url, 'carla');
  const brunoApi = await signInApi(product.url, 'bruno');
  const conversation = await conversationWithApi(product.url, carlaApi.token, brunoApi.userId);
  await sendTextApi(product.url, brunoApi.token, conversation.id, 'Última mensagem do Bruno');

  const carla = await openMember(browser, product.url, 'carla');
  await entryNamed(carla, 'Bruno Oliveira').click();
  await expect(messages(carla).filter({ hasText: 'Última mensagem do Bruno' })).toBeVisible();

  const context = await browser.newContext({ baseURL: product.url });
  await recordToasts(context);
  const bruno = await context.newPage();
  await signIn(bruno, 'bruno@demo.chat', DEMO_PASSWORD);
  await expectPath(bruno, '/auth/conversations');
  await openMyData(bruno);

  await bruno.getByLabel('Sua senha').fill('senha-errada-123');
  await bruno.getByRole('button', { name: 'Excluir minha conta' }).click();
  await bruno.getByRole('button', { name: 'Excluir definitivamente' }).click();
  await expect(bruno.getByText('Senha incorreta').first()).toBeVisible();

  await bruno.getByLabel('Sua senha').fill(DEMO_PASSWORD);
  await bruno.getByRole('button', { name: 'Excluir minha conta' }).click();
  await bruno.getByRole('button', { name: 'Excluir definitivamente' }).click();
  await expectToastShown(bruno, 'Conta excluída');
  await expectPath(bruno, '/');

  // Carla's open conversation follows without a reload: the messages stay, signed by nobody.
  const header = carla.getByRole('region', { name: 'Conversa' }).locator('header');
  await expect(header.getByText('Usuário removido')).toBeVisible();
  await expect(messages(carla).filter({ hasText: 'Última mensagem do Bruno' })).toBeVisible();
  await expect(entryNamed(carla, 'Usuário removido')).toBeVisible();

  // He cannot come back with the old password.
  await signIn(bruno, 'bruno@demo.chat', DEMO_PASSWORD);
  await expect(bruno.getByText(/inválid|incorret/i).first()).toBeVisible();
});

test('the sign-in page links to the privacy page, written for this server', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Privacidade' }).click();
  await expectPath(page, '/privacidade');
  await expect(page.getByRole('heading', { name: 'Privacidade', level: 1 })).toBeVisible();
  await expect(page.getByText('banco de dados embutido').first()).toBeVisible();
});

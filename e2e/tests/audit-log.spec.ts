import { readFileSync } from 'node:fs';
import { openMember } from '../support/chat';
import { expect, test } from '../support/fixtures';
import { expectPath, expectToast } from '../support/session';

// The demo workspace's ADMIN, Ana, invites someone and then reads it in her 'Registro de
// atividades': the entry names her, the invited e-mail and the address it came from; a filter by
// act keeps it; 'Exportar CSV' downloads the same entries.

test('ana invites someone and reads it in the activity log, filters it and exports it as CSV', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const ana = await openMember(browser, baseURL!, 'ana');
  await ana.getByRole('link', { name: 'Equipe' }).click();
  await expectPath(ana, '/auth/team');

  await ana.getByRole('button', { name: 'Adicionar membro' }).click();
  await ana.getByRole('menuitem', { name: 'Convidar membro' }).click();
  const invite = ana.getByRole('dialog', { name: 'Convidar membro' });
  await invite.getByLabel('E-mail').fill('auditada@exemplo.com');
  await invite.getByRole('button', { name: 'Enviar convite' }).click();
  await expectToast(ana, 'Sucesso', 'Convite enviado com sucesso');

  await ana.getByRole('link', { name: 'Registro de atividades' }).click();
  await expectPath(ana, '/auth/team/atividades');
  const log = ana.getByRole('list', { name: 'Registro de atividades' });
  const invited = log.getByRole('listitem').filter({ hasText: 'auditada@exemplo.com' });
  await expect(invited).toContainText('Membro convidado');
  await expect(invited).toContainText('Ana Souza');
  await expect(invited).toContainText('127.0.0.1');
  // Her sign-in from this browser is there too, as a new device.
  await expect(log.getByRole('listitem').filter({ hasText: 'Entrada de um novo dispositivo' }).first()).toBeVisible();

  await ana.getByRole('combobox', { name: 'Atividade' }).selectOption({ label: 'Membro convidado' });
  await expect(log.getByRole('listitem').filter({ hasText: 'Entrada de um novo dispositivo' })).toHaveCount(0);
  await expect(invited).toBeVisible();

  const download = ana.waitForEvent('download');
  await ana.getByRole('button', { name: 'Exportar CSV' }).click();
  const file = await (await download).path();
  const csv = readFileSync(file, 'utf8');
  expect(csv).toContain('Data,Atividade,Workspace,Quem,Alvo,Detalhes,Endereço');
  expect(csv).toContain('Membro convidado');
  expect(csv).toContain('auditada@exemplo.com');
  expect(csv).not.toContain('Entrada de um novo dispositivo');
});

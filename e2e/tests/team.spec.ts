import type { Locator, Page } from '@playwright/test';
import { conversationWithApi, sendTextApi, signInApi } from '../support/api';
import { entryNamed, messages, openMember } from '../support/chat';
import { expect, test } from '../support/fixtures';
import { outboxFiles, waitForMailLink } from '../support/outbox';
import { expectPath, expectToast } from '../support/session';

// The team page (remote-team) of the demo workspace's ADMIN, Ana. She invites and
// creates members, edits one, labels him with a polygon, finds him by it, and removes Carla while
// Carla has her chat with Bruno open in another browser context.

test.describe.configure({ mode: 'serial' });

const memberList = (page: Page): Locator => page.getByRole('list', { name: 'Membros' });
// Each row of the (virtual) list is a group named after the member.
const memberRow = (page: Page, name: string): Locator => memberList(page).getByRole('group', { name, exact: true });
const dialog = (page: Page, name: string): Locator => page.getByRole('dialog', { name });

async function openTeam(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'Equipe' }).click();
  await expectPath(page, '/auth/team');
  await expect(memberRow(page, 'Ana Souza')).toBeVisible();
}

async function addMember(page: Page, option: 'Convidar membro' | 'Criar Conta'): Promise<Locator> {
  await page.getByRole('button', { name: 'Adicionar membro' }).click();
  await page.getByRole('menuitem', { name: option }).click();
  return dialog(page, option);
}

test('ana invites, creates, edits and labels members, and finds one by polygon', async ({ browser, baseURL, product }) => {
  test.setTimeout(120_000);
  const ana = await openMember(browser, baseURL!, 'ana');
  await openTeam(ana);
  await expect(memberList(ana).getByRole('listitem')).toHaveCount(4);

  // Invite: a mail with the registration link, and a pending invite on the page.
  const mailsBefore = outboxFiles(product.dataDir).length;
  const invite = await addMember(ana, 'Convidar membro');
  await invite.getByLabel('E-mail').fill('Convidada@Exemplo.com');
  await invite.getByRole('button', { name: 'Enviar convite' }).click();
  await expectToast(ana, 'Sucesso', 'Convite enviado com sucesso');
  await waitForMailLink(product.dataDir, mailsBefore, /\/register\?inviteCode=[A-Z0-9]{3}-[A-Z0-9]{3}/);
  await expect(ana.getByRole('list', { name: 'Convites pendentes' })).toContainText('convidada@exemplo.com');

  // Create an account directly.
  const create = await addMember(ana, 'Criar Conta');
  await create.getByLabel('Nome').fill('Eduardo Lima');
  await create.getByLabel('E-mail').fill('eduardo@exemplo.com');
  await create.getByLabel('Apelido').fill('edu');
  await create.getByLabel('Senha', { exact: true }).fill('senha-do-edu');
  await create.getByLabel('Confirmar senha').fill('senha-do-edu');
  await create.getByRole('button', { name: 'Criar Conta' }).click();
  await expectToast(ana, 'Sucesso', 'Usuário criado com sucesso');
  await expect(memberRow(ana, 'Eduardo Lima')).toContainText('@edu');

  // Edit: a taken nickName is refused with the server's message; a free one is saved.
  await memberRow(ana, 'Eduardo Lima').getByRole('button', { name: 'Editar Eduardo Lima' }).click();
  let edit = dialog(ana, 'Editar membro');
  await edit.getByLabel('Apelido').fill('Bruno');
  await edit.getByRole('button', { name: 'Salvar' }).click();
  await expectToast(ana, 'Erro', 'Apelido já está em uso');
  await edit.getByLabel('Apelido').fill('eduardo');
  await edit.getByRole('button', { name: 'Salvar' }).click();
  await expectToast(ana, 'Sucesso', 'Membro atualizado com sucesso');
  await expect(memberRow(ana, 'Eduardo Lima')).toContainText('@eduardo');

  // A polygon, assigned to Eduardo.
  const polygons = ana.getByRole('list', { name: 'Poligonais' });
  await ana.getByRole('button', { name: 'Nova poligonal' }).click();
  await dialog(ana, 'Nova poligonal').getByLabel('Nome').fill('Zona Sul');
  await dialog(ana, 'Nova poligonal').getByRole('button', { name: 'Salvar' }).click();
  await expectToast(ana, 'Sucesso', 'Poligonal criada com sucesso');
  await expect(polygons.getByRole('listitem', { name: 'Zona Sul' })).toContainText('0 membros');

  await memberRow(ana, 'Eduardo Lima').getByRole('button', { name: 'Editar Eduardo Lima' }).click();
  edit = dialog(ana, 'Editar membro');
  await edit.getByLabel('Poligonal').selectOption({ label: 'Zona Sul' });
  await edit.getByRole('button', { name: 'Salvar' }).click();
  await expectToast(ana, 'Sucesso', 'Membro atualizado com sucesso');
  await expect(memberRow(ana, 'Eduardo Lima')).toContainText('Zona Sul');
  await expect(polygons.getByRole('listitem', { name: 'Zona Sul' })).toContainText('1 membro');

  // Found by the polygon's name, case and accents aside.
  await ana.getByRole('searchbox', { name: 'Buscar membro' }).fill('zona SUL');
  // The search runs on the server, once typing pauses.
  await expect(memberList(ana).getByRole('listitem')).toHaveCount(1);
  await expect(memberList(ana).getByRole('group')).toHaveAccessibleName('Eduardo Lima');
  await ana.getByRole('searchbox', { name: 'Buscar membro' }).fill('ninguém');
  await expect(ana.getByText('Nenhum membro foi encontrado')).toBeVisible();
  await ana.getByRole('searchbox', { name: 'Buscar membro' }).fill('');

  await ana.context().close();
});

test('removing Carla sends her open tab to sign-in; Bruno keeps her messages with her name', async ({ browser, baseURL, product }) => {
  test.setTimeout(120_000);
  // Carla writes to Bruno first (through the API: what matters here is what happens after).
  const carlaApi = await signInApi(product.url, 'carla');
  const brunoApi = await signInApi(product.url, 'bruno');
  const conversation = await conversationWithApi(product.url, carlaApi.token, brunoApi.userId);
  const farewell = `Bruno, segue o relatório ${Date.now().toString(36)}`;
  await sendTextApi(product.url, carlaApi.token, conversation.id, farewell);

  const carla = await openMember(browser, baseURL!, 'carla');
  await entryNamed(carla, 'Bruno Oliveira').click();
  await expect(messages(carla).filter({ hasText: farewell })).toBeVisible();
  const bruno = await openMember(browser, baseURL!, 'bruno');
  await entryNamed(bruno, 'Carla Mendes').click();
  await expect(messages(bruno).filter({ hasText: farewell })).toBeVisible();

  const ana = await openMember(browser, baseURL!, 'ana');
  await openTeam(ana);
  await memberRow(ana, 'Carla Mendes').getByRole('button', { name: 'Remover Carla Mendes' }).click();
  // Carla's open chat returns to the sign-in page at once, with the toast. Watched from the click
  // on, beside Ana's checks: the toast lasts 3 s, and on a loaded machine Ana's checks took longer.
  const carlaSignedOut = (async () => {
    await expect(carla).toHaveURL(/\/$/, { timeout: 30_000 });
    await expectToast(carla, 'Conta desativada');
  })();
  await dialog(ana, 'Remover membro').getByRole('button', { name: 'Remover membro' }).click();
  await expectToast(ana, 'Sucesso', 'Membro removido com sucesso');
  await expect(memberRow(ana, 'Carla Mendes')).toHaveCount(0);
  await carlaSignedOut;

  // Bruno, even after a reload, still reads Carla's message in a chat named after her.
  await bruno.reload();
  await expect(messages(bruno).filter({ hasText: farewell })).toBeVisible();
  await expect(entryNamed(bruno, 'Carla Mendes')).toBeVisible();
});

import {
  entryNamed,
  listEntry,
  memberRow,
  messageBox,
  messages,
  openMember,
  openNewModal,
  sendText,
  toggleDetails,
  userRow,
} from '../support/chat';
import { call, signInApi } from '../support/api';
import { expectToast } from '../support/session';
import { expect, test } from '../support/fixtures';

// Conversations, groups and text messages, live, between members of the demo workspace. The file's
// tests share one product but not their chats: each makes its own (named with a stamp of its own),
// through the API when what it tests comes later, so that one failing leaves the others to run.

// Each test drives two or three browser contexts; on a loaded machine that outlasts the default.
test.describe.configure({ timeout: 90_000 });

const newStamp = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

test('two members chat live, with formatted text and the contact panel', async ({ browser, baseURL }) => {
  const ana = await openMember(browser, baseURL!, 'ana');
  const bruno = await openMember(browser, baseURL!, 'bruno');
  const stamp = newStamp();

  // Ana starts (or reopens) the conversation with Bruno through 'Novo'.
  const dialog = await openNewModal(ana, 'Conversa');
  await userRow(dialog, 'bruno').getByRole('button').click();
  await expect(dialog).toBeHidden();
  await expect(ana).toHaveURL(/\/auth\/conversations\/[0-9a-f-]{36}\/conversation$/);
  await expect(messageBox(ana)).toBeVisible();

  // Formatted text, rendered as elements on both sides.
  const text = `Oi *Bruno* ${stamp}, veja _isto_ ~agora~ https://exemplo.com/doc`;
  await sendText(ana, text);
  const mine = messages(ana).filter({ hasText: stamp }).last();
  await expect(mine.locator('strong')).toHaveText('Bruno');
  await expect(mine.locator('em')).toHaveText('isto');
  await expect(mine.locator('s')).toHaveText('agora');
  await expect(mine.getByRole('link', { name: 'https://exemplo.com/doc' })).toHaveAttribute('target', '_blank');
  await expect(mine.getByRole('img', { name: /Enviada|Entregue|Lida/ })).toBeVisible();

  // Bruno sees it without reloading: first in the list, then in the chat.
  const entry = listEntry(bruno, stamp);
  await expect(entry).toBeVisible();
  await entry.click();
  const received = messages(bruno).filter({ hasText: stamp }).last();
  await expect(received.locator('strong')).toHaveText('Bruno');
  await expect(bruno.getByText('Hoje', { exact: true })).toBeVisible();

  // Bruno answers; Ana sees it live.
  await sendText(bruno, `Recebido ${stamp}!`);
  await expect(messages(ana).filter({ hasText: `Recebido ${stamp}!` })).toBeVisible();

  // Contact details panel.
  await toggleDetails(ana);
  await expect(ana.getByText('Detalhes do contato')).toBeVisible();
  await expect(ana.getByText('Grupos em comum')).toBeVisible();
});

test('an admin creates a group, renames it and makes a member admin, seen live', async ({ browser, baseURL }) => {
  const ana = await openMember(browser, baseURL!, 'ana');
  const bruno = await openMember(browser, baseURL!, 'bruno');
  const stamp = newStamp();

  // Ana creates a group with Bruno and Carla.
  const groupName = `Grupo ${stamp}`;
  const create = await openNewModal(ana, 'Grupo');
  await create.getByLabel('Nome').fill(groupName);
  await create.getByLabel('Descrição').fill('Criado pelo e2e');
  await userRow(create, 'bruno').locator('label').click();
  await userRow(create, 'carla').locator('label').click();
  await create.getByRole('button', { name: 'Criar Grupo' }).click();
  await expectToast(ana, 'Sucesso', 'Grupo criado com sucesso');
  await expect(ana).toHaveURL(/\/group$/);
  await expect(ana.locator('header').getByText(groupName)).toBeVisible();

  // Bruno gets the group in his list live.
  await expect(listEntry(bruno, groupName)).toBeVisible();

  // Ana renames it and makes Bruno an admin.
  const renamed = `${groupName} renomeado`;
  await toggleDetails(ana);
  await expect(ana.getByText('Detalhes do grupo')).toBeVisible();
  await expect(ana.getByText('Grupo · 3 membros')).toBeVisible();
  await ana.getByRole('button', { name: 'Editar grupo' }).click();
  const edit = ana.getByRole('dialog', { name: 'Editar grupo' });
  await edit.getByLabel('Nome').fill(renamed);
  await edit.getByRole('button', { name: 'Salvar' }).click();
  await expect(edit).toBeHidden();
  await expect(ana.locator('header').getByText(renamed)).toBeVisible();
  await memberRow(ana, 'bruno').getByRole('button', { name: 'Mais opções' }).click();
  await ana.getByRole('menuitem', { name: 'Adicionar como admin' }).click();
  await expectToast(ana, 'Sucesso', 'Admin adicionado com sucesso');
  await expect(memberRow(ana, 'bruno').getByText('Admin')).toBeVisible();
  // Never on oneself: my own entry ('Você', first) has no menu.
  const own = ana.getByRole('list', { name: 'Membros' }).getByRole('listitem').first();
  await expect(own).toContainText('Você');
  await expect(own.getByRole('button', { name: 'Mais opções' })).toHaveCount(0);

  // Bruno sees the new name live.
  await expect(listEntry(bruno, renamed)).toBeVisible();
});

test('a member made admin adds people; a plain member sees the group without admin actions', async ({ browser, baseURL }) => {
  // A group as the previous test leaves one: Ana's, with Bruno as an admin, and Carla.
  const renamed = `Grupo ${newStamp()} renomeado`;
  const [anaApi, brunoApi, carlaApi] = await Promise.all(['ana', 'bruno', 'carla'].map((nick) => signInApi(baseURL!, nick)));
  const group = await call<{ id: string }>(baseURL!, '/group/create', {
    method: 'POST',
    token: anaApi!.token,
    body: { name: renamed, description: 'Criado pelo e2e', members: [brunoApi!.userId, carlaApi!.userId] },
  });
  await call(baseURL!, `/group/add-admin/${group.id}`, { method: 'POST', token: anaApi!.token, body: { newAdminId: brunoApi!.userId } });
  const stamp = newStamp();

  // Bruno, an admin, adds Diego.
  const bruno = await openMember(browser, baseURL!, 'bruno');
  await listEntry(bruno, renamed).click();
  await toggleDetails(bruno);
  await bruno.getByRole('button', { name: 'Adicionar membro' }).click();
  const add = bruno.getByRole('dialog', { name: 'Adicionar membro' });
  await expect(userRow(add, 'ana')).toHaveCount(0);
  await userRow(add, 'diego').locator('label').click();
  await add.getByRole('button', { name: 'Adicionar' }).click();
  await expectToast(bruno, 'Sucesso', 'Usuário(s) adicionados ao grupo com sucesso');
  await expect(bruno.getByText('Grupo · 4 membros')).toBeVisible();
  await sendText(bruno, `Bem-vindo ao grupo ${stamp}`);

  // Carla, a plain member, sees the group and its messages but no admin action.
  const carla = await openMember(browser, baseURL!, 'carla');
  await listEntry(carla, renamed).click();
  await expect(messages(carla).filter({ hasText: `Bem-vindo ao grupo ${stamp}` })).toBeVisible();
  await toggleDetails(carla);
  await expect(carla.getByText('Grupo · 4 membros')).toBeVisible();
  await expect(carla.getByRole('button', { name: 'Editar grupo' })).toHaveCount(0);
  await expect(carla.getByRole('button', { name: 'Adicionar membro' })).toHaveCount(0);
  await expect(carla.getByRole('list', { name: 'Membros' }).getByRole('button', { name: 'Mais opções' })).toHaveCount(0);

  // Escape goes back to the list.
  await carla.keyboard.press('Escape');
  await expect(carla).toHaveURL(/\/auth\/conversations$/);
  await expect(carla.getByText('Selecione uma conversa para ver as mensagens')).toBeVisible();
});

test('the emoji picker finds emoji by Portuguese words, with or without accents', async ({ browser, baseURL }) => {
  const ana = await openMember(browser, baseURL!, 'ana');
  await entryNamed(ana, 'Bruno Oliveira').click();
  await ana.getByRole('button', { name: 'Emojis' }).click();
  const picker = ana.getByRole('dialog', { name: 'Emojis' });
  const search = picker.getByPlaceholder('Procurar');
  await search.fill('polegar');
  await expect(picker.getByRole('button', { name: '👍' }).first()).toBeVisible();
  await search.fill('coracao');
  await expect(picker.getByRole('button', { name: '❤️' }).first()).toBeVisible();
  await picker.getByRole('button', { name: '❤️' }).first().click();
  await expect(messageBox(ana)).toHaveValue(/❤️/);
  await ana.context().close();
});

import type { Page } from '@playwright/test';
import { call, conversationWithApi, sendTextApi, signInApi } from '../support/api';
import { entryNamed, messages, toggleDetails } from '../support/chat';
import { expect, test } from '../support/fixtures';
import { pngImage } from '../support/images';
import { ROOT_EMAIL, ROOT_PASSWORD } from '../support/product';
import { expectPath, expectToast, signIn } from '../support/session';
import { expectNoScript, RUN, watchDialogs } from '../support/xss';

// Stored XSS, the people half: hostile names, nickNames, e-mails and uploaded file names,
// stored the three ways a name enters the product (an ADMIN creating a member, an ADMIN editing
// one, the member editing their own profile), then viewed on every screen that shows a person:
// the chat list, a conversation's header, its contact panel, a group's bubbles (author names) and
// member list, the 'Novo' modal's search and group picker, the group's 'Adicionar membro' picker,
// the team page and its edit dialog, the settings page and the ROOT workspace card. What the
// validation refuses (docs/produto.md, Validação e limites) must be refused with a Portuguese
// message; what it accepts must be shown as text. Failure criteria: support/xss.ts and the suite's
// policy guard.

const PASSWORD = 'senha-xss-e2e';

/** Names an attacker would try, within the 2-40 characters a name may have (or just over it). */
const NAMES = [
  `<img src=x onerror=${RUN}>`,
  `<script>${RUN}</script>`,
  `<svg onload=alert(1)>`,
  `"><iframe src=javascript:alert(1)>`,
  `javascript:${RUN}`,
  `*<b onclick=alert(1)>negrito*`,
  `http://a.b/"><svg onload=alert(1)>`,
  `\u202Eexe.<a href=javascript:alert(1)>x`,
  `' onfocus=alert(1) autofocus x='`,
  `<details open ontoggle=alert(1)>`,
  `{{constructor.constructor('alert(1)')()}}`,
  `<math><mtext><img src=x onerror=alert(1)>`,
];
/**
 * nickNames are letters and digits only (docs/produto.md, Validação e limites): every one of these
 * must be refused.
 */
const NICKNAMES = ['<b>x</b>', 'abc<svg>', 'javascript:x', 'a"b onload=x', 'ａｂｃ', 'abc\u202Edef'];
const EMAILS = ['"<svg/onload=alert(1)>"@e2e.chat', 'x@e2e.chat<script>', 'javascript:alert(1)//@e2e.chat'];
/** An uploaded file's name: the product must never show it (the URL keeps a made-safe copy). */
const FILE_NAME = '<img src=x onerror=alert(2)>.png';
/** Text that only the raw file name holds (names use alert(1) and the canary). */
const FILE_MARK = 'onerror=alert(2)';

/**
 * The refusals of docs/produto.md, Validação e limites, and of hidden characters in names, as the
 * server words them.
 */
const REFUSAL =
  /^Dados inválidos: (Máximo de 40 caracteres|Mínimo de \d+ caracteres|Apenas letras e números|E-mail inválido|O nome contém caracteres não permitidos)$/;

interface Attempt {
  ok: boolean;
  status: number;
  body: { id?: string; message?: string };
}

async function attempt(url: string, path: string, method: string, token: string, body: unknown): Promise<Attempt> {
  const response = await fetch(`${url}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { ok: response.ok, status: response.status, body: (await response.json()) as Attempt['body'] };
}

/** Uploads a small PNG under `fileName` as the token's user; returns its public URL. */
async function uploadImage(url: string, token: string, fileName: string): Promise<string> {
  const { url: signed } = await call<{ url: string }>(url, '/cloud/generate-public-media-url', {
    method: 'POST',
    token,
    body: { fileName, contentType: 'image/png', folder: 'avatars' },
  });
  const put = await fetch(signed, { method: 'PUT', headers: { 'content-type': 'image/png' }, body: new Uint8Array(pngImage(64, 64)) });
  expect(put.ok, `PUT ${signed}: ${put.status}`).toBe(true);
  return signed.split('?')[0]!;
}

/** The raw file name appears in no text and no attribute of the page. */
async function expectNoFileName(page: Page, where: string): Promise<void> {
  const found = await page.evaluate((mark) => {
    const hits: string[] = [];
    if (document.body.innerText.includes(mark)) hits.push('texto');
    for (const el of Array.from(document.querySelectorAll('*'))) {
      for (const attr of Array.from(el.attributes)) if (attr.value.includes(mark)) hits.push(`${el.tagName}[${attr.name}]`);
    }
    return hits;
  }, FILE_MARK);
  expect(found, `${where}: o nome do arquivo enviado aparece na página`).toEqual([]);
}

test('hostile names, nickNames, e-mails and file names run no script on any screen that shows a person', async ({ browser, baseURL }) => {
  test.setTimeout(180_000);
  const url = baseURL!;
  const ana = await signInApi(url, 'ana');
  const bruno = await signInApi(url, 'bruno');
  const stamp = Date.now().toString(36).slice(-5);
  const refused: string[] = [];
  const noteRefusal = (what: string, result: Attempt) => {
    expect(result.status, what).toBe(400);
    expect(result.body.message, what).toMatch(REFUSAL);
    refused.push(`${what}: ${result.body.message}`);
  };

  // Each name enters by one of the three routes, in turn. The members are 'xss<i><stamp>'.
  const hostile: { name: string; nick: string; id: string; token: string }[] = [];
  for (const [i, name] of NAMES.entries()) {
    const nick = `xss${i}${stamp}`;
    const route = i % 3;
    const created = await attempt(url, '/user/create-member-without-invite', 'POST', ana.token, {
      name: route === 0 ? name : `Pessoa ${i}`,
      email: `${nick}@e2e.chat`,
      nickName: nick,
      password: PASSWORD,
    });
    if (!created.ok) {
      noteRefusal(`nome ${JSON.stringify(name)} (ADMIN cria)`, created);
      continue;
    }
    const id = created.body.id!;
    const session = await call<{ accessToken: string }>(url, '/auth/signin', {
      method: 'POST',
      body: { identifier: nick, password: PASSWORD },
    });
    if (route !== 0) {
      const edited =
        route === 1
          ? await attempt(url, `/user/update/${id}`, 'PATCH', ana.token, { name })
          : await attempt(url, '/user/update', 'PATCH', session.accessToken, { name });
      if (!edited.ok) {
        noteRefusal(`nome ${JSON.stringify(name)} (${route === 1 ? 'ADMIN edita' : 'o próprio membro edita'})`, edited);
        continue;
      }
    }
    hostile.push({ name: name.trim(), nick, id, token: session.accessToken });
  }
  for (const nickName of NICKNAMES) {
    noteRefusal(
      `apelido ${JSON.stringify(nickName)} (o próprio membro)`,
      await attempt(url, '/user/update', 'PATCH', bruno.token, { nickName }),
    );
    noteRefusal(
      `apelido ${JSON.stringify(nickName)} (ADMIN edita)`,
      await attempt(url, `/user/update/${bruno.userId}`, 'PATCH', ana.token, { nickName }),
    );
  }
  for (const email of EMAILS) {
    noteRefusal(
      `e-mail ${JSON.stringify(email)} (ADMIN cria)`,
      await attempt(url, '/user/create-member-without-invite', 'POST', ana.token, {
        name: 'Pessoa',
        email,
        nickName: `mail${stamp}`,
        password: PASSWORD,
      }),
    );
  }
  // Ana's own name: on her settings page, her team row and the ROOT workspace card.
  const anaName = `Ana <svg onload=alert(1)>`;
  expect((await attempt(url, '/user/update', 'PATCH', ana.token, { name: anaName })).ok).toBe(true);
  expect(hostile.length, 'nomes aceitos').toBeGreaterThanOrEqual(8);

  // Every hostile member writes to Ana, and in one group with her; one of them sends an image
  // uploaded under a hostile file name and makes it their photo (the avatar on every screen).
  const [first] = hostile;
  const imageUrl = await uploadImage(url, first!.token, FILE_NAME);
  expect(new URL(imageUrl).pathname).toMatch(/^\/media\/avatars\/[0-9a-f-]{36}-img-src-x-onerror-alert-2\.png$/);
  expect((await attempt(url, '/user/update', 'PATCH', first!.token, { avatarUrl: imageUrl })).ok).toBe(true);
  const group = await call<{ id: string }>(url, '/group/create', {
    method: 'POST',
    token: ana.token,
    body: { name: `Pessoas hostis ${stamp}`, description: 'nomes', members: hostile.map((h) => h.id) },
  });
  const pickerGroup = await call<{ id: string }>(url, '/group/create', {
    method: 'POST',
    token: ana.token,
    body: { name: `Só Bruno ${stamp}`, description: '', members: [bruno.userId] },
  });
  expect(pickerGroup.id).toBeTruthy();
  for (const member of hostile) {
    const conversation = await conversationWithApi(url, member.token, ana.userId);
    await sendTextApi(url, member.token, conversation.id, `oi ${stamp}`);
    await call(url, '/message/send', {
      method: 'POST',
      token: member.token,
      body: {
        conversationId: group.id,
        isGroup: true,
        content: { type: 'text', body: `no grupo ${stamp}` },
        clientId: crypto.randomUUID(),
      },
    });
  }
  const withImage = await conversationWithApi(url, first!.token, ana.userId);
  await call(url, '/message/send', {
    method: 'POST',
    token: first!.token,
    body: { conversationId: withImage.id, isGroup: false, content: { type: 'image', body: imageUrl }, clientId: crypto.randomUUID() },
  });

  // Ana looks at all of it in one page load; every check counts as a screen.
  let screens = 0;
  const check = async (page: Page, where: string) => {
    await expectNoScript(page, where);
    await expectNoFileName(page, where);
    screens += 1;
  };
  const context = await browser.newContext({ baseURL: url });
  const dialogs = watchDialogs(context);
  const page = await context.newPage();
  await signIn(page, 'ana@demo.chat', 'demo-senha-e2e');
  await expectPath(page, '/auth/conversations');
  for (const member of hostile) await expect(entryNamed(page, member.name)).toBeVisible();
  await check(page, 'lista de conversas');

  const header = page.getByRole('region', { name: 'Conversa' }).locator('header');
  const contact = page.getByRole('complementary', { name: 'Detalhes do contato' });
  for (const member of hostile) {
    await entryNamed(page, member.name).click();
    await expect(header.getByText(member.name, { exact: true })).toBeVisible();
    await expect(messages(page).filter({ hasText: `oi ${stamp}` })).toHaveCount(1);
    await check(page, `conversa com ${member.nick}`);
    await toggleDetails(page);
    await expect(contact.getByText(`@${member.nick}`)).toBeVisible();
    await check(page, `detalhes do contato ${member.nick}`);
    await toggleDetails(page);
  }
  // The image, inline and full size: its alt names the author, never the file.
  await entryNamed(page, first!.name).click();
  const image = messages(page).locator('img[src*="/media/avatars/"]').last();
  await expect(image).toHaveAttribute('alt', `Imagem enviada por ${first!.name}`);
  await check(page, 'imagem na conversa');
  await image.click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await check(page, 'imagem em tamanho real');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();

  // The group: author names on the bubbles, then the member list.
  await entryNamed(page, `Pessoas hostis ${stamp}`).click();
  await expect(messages(page).filter({ hasText: `no grupo ${stamp}` })).toHaveCount(hostile.length);
  for (const member of hostile) await expect(messages(page).getByText(member.name, { exact: true }).first()).toBeVisible();
  await check(page, 'grupo (autores)');
  await toggleDetails(page);
  const members = page.getByRole('list', { name: 'Membros' });
  for (const member of hostile) await expect(members.getByText(`@${member.nick}`)).toBeVisible();
  await check(page, 'membros do grupo');
  await toggleDetails(page);

  // 'Adicionar membro' of the group that has only Bruno: every hostile member is offered.
  await entryNamed(page, `Só Bruno ${stamp}`).click();
  await toggleDetails(page);
  await page.getByRole('button', { name: 'Adicionar membro' }).click();
  const adding = page.getByRole('dialog', { name: 'Adicionar membro' });
  await adding.getByPlaceholder('Pesquise por um usuário').fill(`${stamp}`);
  for (const member of hostile) await expect(adding.getByText(member.name, { exact: true })).toBeVisible();
  await check(page, 'adicionar membro ao grupo');
  await page.keyboard.press('Escape');
  await expect(adding).toBeHidden();
  await toggleDetails(page);

  // 'Novo': the user search (Conversa) and the group's member picker (Grupo).
  await page.getByRole('button', { name: 'Novo' }).click();
  const novo = page.getByRole('dialog', { name: 'Novo' });
  await novo.getByPlaceholder('Pesquise por um usuário').fill(`${stamp}`);
  for (const member of hostile) await expect(novo.getByText(member.name, { exact: true })).toBeVisible();
  await check(page, "'Novo' (Conversa)");
  await novo.getByRole('tab', { name: 'Grupo' }).click();
  await novo.getByPlaceholder('Pesquise por um usuário').fill(`${stamp}`);
  for (const member of hostile) await expect(novo.getByText(member.name, { exact: true })).toBeVisible();
  await check(page, "'Novo' (Grupo)");
  await page.keyboard.press('Escape');
  await expect(novo).toBeHidden();

  // The team page, and the edit dialog of every hostile member.
  await page.getByRole('link', { name: 'Equipe' }).click();
  await expectPath(page, '/auth/team');
  const team = page.getByRole('list', { name: 'Membros' });
  const search = page.getByLabel('Buscar membro');
  // The list draws only the rows in view: each member is found by the server's search first.
  await search.fill('ana');
  await expect(team.getByRole('group', { name: anaName, exact: true })).toBeVisible();
  await search.fill(stamp);
  await expect(team.getByRole('group', { name: hostile[0]!.name, exact: true })).toBeVisible();
  await check(page, 'equipe (membros)');
  for (const member of hostile) {
    await search.fill(member.nick);
    await expect(team.getByRole('group', { name: member.name, exact: true })).toBeVisible();
    await team.getByRole('button', { name: `Editar ${member.name}`, exact: true }).click();
    const edit = page.getByRole('dialog', { name: 'Editar membro' });
    await expect(edit).toBeVisible();
    await check(page, `editar membro ${member.nick}`);
    await page.keyboard.press('Escape');
    await expect(edit).toBeHidden();
  }

  // Settings: her own name, and a new photo picked from a file with a hostile name.
  await page.getByRole('link', { name: 'Configurações' }).click();
  await page.getByRole('link', { name: 'Conta' }).click();
  await page.getByRole('button', { name: 'Informações pessoais' }).click();
  await expect(page.getByLabel('Nome', { exact: true })).toHaveValue(anaName);
  await page.getByLabel('Foto de perfil').setInputFiles({ name: FILE_NAME, mimeType: 'image/png', buffer: pngImage(96, 96) });
  await check(page, 'configurações (foto escolhida)');
  await page.getByRole('button', { name: 'Salvar alterações' }).click();
  await expectToast(page, 'Sucesso');
  await expect(page.getByTestId('avatar-preview').locator('img')).toHaveAttribute(
    'src',
    /\/media\/avatars\/[0-9a-f-]{36}-img-src-x-onerror-alert-2\.png$/,
  );
  await check(page, 'configurações (informações pessoais)');
  await context.close();

  // ROOT: the demo workspace's card and edit dialog show Ana's name as its administrator.
  const rootContext = await browser.newContext({ baseURL: url });
  const rootDialogs = watchDialogs(rootContext);
  const root = await rootContext.newPage();
  await signIn(root, ROOT_EMAIL, ROOT_PASSWORD);
  await expectPath(root, '/root/workspaces');
  await expect(root.getByRole('button', { name: 'Editar Equipe Demo' })).toContainText(anaName);
  await check(root, 'workspaces (ROOT)');
  await root.getByRole('button', { name: 'Editar Equipe Demo' }).click();
  await expect(root.getByRole('dialog', { name: 'Editar Workspace' })).toBeVisible();
  await check(root, 'editar workspace (ROOT)');
  await rootContext.close();

  expect([...dialogs, ...rootDialogs]).toEqual([]);
  const tried = NAMES.length + 1 + NICKNAMES.length * 2 + EMAILS.length + 2;
  console.info(
    `stored-xss (pessoas): ${tried} cargas tentadas (${NAMES.length + 1} nomes, ${NICKNAMES.length * 2} apelidos, ${EMAILS.length} e-mails, 2 nomes de arquivo), ` +
      `${hostile.length + 1} nomes aceitos e mostrados, ${refused.length} recusadas em português; ${screens} telas vistas, 0 diálogos, 0 scripts executados`,
  );
  for (const line of refused) console.info(`  recusado: ${line}`);
});

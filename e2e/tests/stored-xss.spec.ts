import { call, conversationWithApi, sendTextApi, signInApi } from '../support/api';
import { entryNamed, listEntry, messages, openMember, toggleDetails } from '../support/chat';
import { expect, test } from '../support/fixtures';
import { ROOT_EMAIL, ROOT_PASSWORD } from '../support/product';
import { expectPath, signIn } from '../support/session';
import { expectNoScript, RUN } from '../support/xss';

// Stored XSS proved in a real browser. Hostile texts are stored through the API (message
// texts with every formatting marker around markup and scripted links, a group's name and
// description, polygon and workspace names; people's names, nickNames and uploaded file names are
// in stored-xss-people.spec.ts) and then viewed by another member on the screens that show them.
// The test fails if a script runs (a dialog, the global canary), an element carries an event-handler
// attribute, a link has a scheme other than http(s), or the page policy reports a violation (the
// suite's guard, support/csp-guard.ts).

/** Markup and links an attacker would try, each wrapped in every formatting marker. */
const PAYLOADS = [
  `<img src=x onerror="${RUN}">`,
  `<script>${RUN}</script>`,
  `<svg onload="${RUN}"></svg>`,
  `javascript:${RUN}`,
  `JaVaScRiPt:alert(1)`,
  `data:text/html,<script>${RUN}</script>`,
  `vbscript:msgbox(1)`,
  `[clique](javascript:${RUN})`,
  `https://exemplo.com/"><img src=x onerror="${RUN}">`,
  `http://exemplo.com/?q=<script>${RUN}</script>`,
  `<a href="javascript:${RUN}">link</a>`,
  `\u202Etxt.exe <iframe src="javascript:${RUN}">`,
];
const MARKERS = ['', '*', '_', '~', '*_', '_~', '*~', '*_~'];
const wrap = (text: string, markers: string) => `${markers}${text}${[...markers].reverse().join('')}`;

test('hostile texts stored through the API run no script on any screen that shows them', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const url = baseURL!;
  const ana = await signInApi(url, 'ana');
  const bruno = await signInApi(url, 'bruno');
  const stamp = Date.now().toString(36);

  // Stored through the API, as a script would do it (no browser-side checks in the way).
  const conversation = await conversationWithApi(url, ana.token, bruno.userId);
  // One message per marker combination, holding every payload wrapped in it (one screen of history).
  let stored = 0;
  for (const markers of MARKERS) {
    await sendTextApi(url, ana.token, conversation.id, `${stamp}\n${PAYLOADS.map((payload) => wrap(payload, markers)).join('\n')}`);
    stored += 1;
  }
  const groupName = `<img src=x onerror="${RUN}"> ${stamp}`.slice(0, 50);
  const group = await call<{ id: string }>(url, '/group/create', {
    method: 'POST',
    token: ana.token,
    body: { name: groupName, description: `<script>${RUN}</script> javascript:${RUN} ${stamp}`, members: [bruno.userId] },
  });
  await call(url, '/message/send', {
    method: 'POST',
    token: ana.token,
    body: {
      conversationId: group.id,
      isGroup: true,
      content: { type: 'text', body: `${stamp} *<svg onload="${RUN}">* javascript:${RUN}` },
      clientId: crypto.randomUUID(),
    },
  });
  console.info(`stored-xss: ${stored * PAYLOADS.length + 3} textos hostis gravados em ${stored + 2} mensagens e um grupo`);

  const page = await openMember(browser, url, 'bruno');
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });

  // The chat list (previews and names), the conversation, its contact panel.
  await expect(listEntry(page, stamp).first()).toBeVisible();
  await expectNoScript(page, 'lista de conversas');
  await entryNamed(page, 'Ana Souza').click();
  await expect(messages(page).filter({ hasText: stamp })).toHaveCount(stored);
  await expectNoScript(page, 'conversa');
  // The links that were rendered are http(s) only, and the scripted ones stayed text.
  await expect(messages(page).filter({ hasText: 'javascript:' }).first()).toBeVisible();
  await toggleDetails(page);
  await expectNoScript(page, 'painel do contato');
  await toggleDetails(page);

  // The group: its entry, its messages, its details (name and description).
  await entryNamed(page, groupName).click();
  await expect(messages(page).filter({ hasText: stamp })).toHaveCount(1);
  await expectNoScript(page, 'grupo');
  await toggleDetails(page);
  await expect(page.getByText(`javascript:${RUN} ${stamp}`)).toBeVisible();
  await expectNoScript(page, 'detalhes do grupo');

  expect(dialogs).toEqual([]);
  console.info(`stored-xss: 5 telas vistas, ${dialogs.length} diálogos, 0 scripts executados`);
});

test('hostile polygon and workspace names run no script on the team and ROOT screens', async ({ browser, baseURL }) => {
  const url = baseURL!;
  const ana = await signInApi(url, 'ana');
  const root = await call<{ accessToken: string }>(url, '/auth/signin', {
    method: 'POST',
    body: { identifier: ROOT_EMAIL, password: ROOT_PASSWORD },
  });
  // Polygon names are at most 20 characters.
  const polygonName = '<svg onload=x()>';
  await call(url, '/neo-custom-data/create', { method: 'POST', token: ana.token, body: { name: polygonName } });
  const workspaceName = `<img src=x onerror="${RUN}">`;
  await call(url, '/workspace/create', {
    method: 'POST',
    token: root.accessToken,
    body: {
      name: workspaceName,
      description: `<script>${RUN}</script>`,
      adminName: 'Admin Hostil',
      adminEmail: 'hostil@e2e.chat',
      limitOfMembers: 5,
    },
  });
  const dialogs: string[] = [];

  const admin = await openMember(browser, url, 'ana');
  admin.on('dialog', (d) => void d.dismiss().then(() => dialogs.push(d.message())));
  await admin.getByRole('link', { name: 'Equipe' }).click();
  await expectPath(admin, '/auth/team');
  await expect(admin.getByRole('list', { name: 'Poligonais' }).getByText(polygonName, { exact: true })).toBeVisible();
  await expectNoScript(admin, 'equipe (poligonais)');

  const context = await browser.newContext({ baseURL: url });
  const rootPage = await context.newPage();
  rootPage.on('dialog', (d) => void d.dismiss().then(() => dialogs.push(d.message())));
  await signIn(rootPage, ROOT_EMAIL, ROOT_PASSWORD);
  await expectPath(rootPage, '/root/workspaces');
  await expect(rootPage.getByText(workspaceName, { exact: true }).first()).toBeVisible();
  await expectNoScript(rootPage, 'workspaces (ROOT)');
  expect(dialogs).toEqual([]);
  console.info('stored-xss: nome de polígono e de workspace vistos em 2 telas, 0 scripts executados');
});

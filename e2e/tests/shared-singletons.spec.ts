import { DEMO_PASSWORD } from '../support/product';
import { expectPath, signIn } from '../support/session';
import { expect, test } from '../support/fixtures';

test('remote-settings signs out through the one event bus the shell listens to', async ({ page }) => {
  await signIn(page, 'carla@demo.chat', DEMO_PASSWORD);
  await expectPath(page, '/auth/conversations');
  await page.getByRole('link', { name: 'Configurações' }).click();

  // Module Federation loaded exactly one copy of each stateful workspace package.
  const loaded = await page.evaluate(() => {
    type Share = { loaded?: boolean; lib?: unknown; from?: string };
    const scope =
      (globalThis as { __FEDERATION__?: { __SHARE__?: Record<string, Record<string, Record<string, Record<string, Share>>>> } })
        .__FEDERATION__?.__SHARE__ ?? {};
    const result: Record<string, number> = {};
    for (const instance of Object.values(scope)) {
      for (const packages of Object.values(instance)) {
        for (const [name, versions] of Object.entries(packages)) {
          const copies = Object.values(versions).filter((share) => share.loaded || share.lib);
          if (copies.length > 0) result[name] = Math.max(result[name] ?? 0, copies.length);
        }
      }
    }
    return result;
  });
  expect(loaded['@chat/event-bus']).toBe(1);
  expect(loaded['@chat/api-client']).toBe(1);
  expect(loaded['@chat/ui/toast-store']).toBe(1);
  expect(loaded['react']).toBe(1);
  // One Module Federation runtime on the page: the shell's, which the remotes' entries use.
  const runtimeFrom = await page.evaluate(
    () => (globalThis as { _FEDERATION_RUNTIME_CORE_FROM?: { name: string } })._FEDERATION_RUNTIME_CORE_FROM?.name,
  );
  expect(runtimeFrom).toBe('shell');

  await page.getByRole('button', { name: 'Desconectar' }).click();
  await expectPath(page, '/');
  const stored = await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('@team-chat:')));
  expect(stored).toEqual([]);
  await page.goBack();
  await expectPath(page, '/');
});

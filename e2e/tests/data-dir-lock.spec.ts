import { freePort, spawnServer } from '../support/product';
import { expect, test } from '../support/fixtures';

test('a second server on the same DATA_DIR exits with a clear message; the first keeps serving', async ({ product }) => {
  const port = await freePort();
  const second = spawnServer({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: product.dataDir });
  const code = await new Promise<number | null>((resolve) => second.child.once('exit', resolve));
  expect(code).not.toBe(0);
  expect(second.output()).toMatch(/já está em uso/);
  const health = await fetch(`${product.url}/api/health`);
  expect(health.ok).toBe(true);
  expect(await health.json()).toMatchObject({ status: 'ok', engine: 'pglite' });
});

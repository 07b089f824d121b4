import { test as base } from '@playwright/test';
import { startProduct, type Product } from './product';

interface WorkerFixtures {
  /** Extra server environment for this file (a new product starts when it changes). */
  productEnv: Record<string, string>;
  product: Product;
}

export const test = base.extend<{ requests: string[] }, WorkerFixtures>({
  productEnv: [{}, { option: true, scope: 'worker' }],
  product: [
    async ({ productEnv }, use) => {
      const product = await startProduct(productEnv);
      await use(product);
      await product.stop();
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  baseURL: async ({ product }, use) => use(product.url),
  /** Every URL path the page requested, for assertions on what was (not) downloaded. */
  requests: async ({ page }, use) => {
    const paths: string[] = [];
    page.on('request', (request) => paths.push(new URL(request.url()).pathname));
    await use(paths);
  },
});

export { expect } from '@playwright/test';

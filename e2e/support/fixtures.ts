import { test as base, type Browser, type BrowserContext } from '@playwright/test';
import { describeProblems, type PolicyProblem, watchNewContexts, watchPolicies } from './csp-guard';
import { startProduct, type Product } from './product';

interface WorkerFixtures {
  /** Extra server environment for this file. */
  productEnv: Record<string, string>;
  /** Stops the last product when the worker ends. */
  productReaper: void;
}

interface TestFixtures {
  /** The product of this test file: its own server and DATA_DIR, shared by the file's tests. */
  product: Product;
  requests: string[];
  /** CSP violations and policy console errors seen on any page of the test (see csp-guard). */
  policyProblems: PolicyProblem[];
  /** Fails every test whose pages reported a policy problem. */
  policyGuard: void;
  /** Closes the browser contexts a test opened itself (openMember...) when it ends. */
  ownContexts: void;
}

// One product per test FILE: files change shared state (a password reset, a new group), so a
// product shared by several files would make their outcome depend on the order they run in.
let current: { key: string; product: Product } | null = null;

export const test = base.extend<TestFixtures, WorkerFixtures>({
  productEnv: [{}, { option: true, scope: 'worker' }],
  productReaper: [
    async ({}, use) => {
      await use();
      await current?.product.stop();
      current = null;
    },
    { scope: 'worker', auto: true },
  ],
  product: [
    async ({ productEnv }, use, testInfo) => {
      const key = `${testInfo.file}\n${JSON.stringify(productEnv)}`;
      if (current?.key !== key) {
        await current?.product.stop();
        current = null;
        current = { key, product: await startProduct(productEnv) };
      }
      await use(current.product);
    },
    { timeout: 90_000 },
  ],
  baseURL: async ({ product }, use) => use(product.url),
  policyProblems: async ({}, use) => use([]),
  context: async ({ context, policyProblems }, use) => {
    await watchPolicies(context, policyProblems);
    await use(context);
  },
  policyGuard: [
    async ({ browser, policyProblems }, use) => {
      const restore = watchNewContexts(browser, policyProblems);
      try {
        await use();
      } finally {
        restore();
      }
      if (policyProblems.length > 0) throw new Error(describeProblems(policyProblems));
    },
    { auto: true },
  ],
  // The browser lives as long as the worker: a context left open would keep its page running,
  // reconnecting to a product already stopped, through every later file of that worker.
  ownContexts: [
    async ({ browser, policyGuard }, use) => {
      void policyGuard; // set up first, so that its wrapper of newContext is restored last
      const opened: BrowserContext[] = [];
      const original = browser.newContext;
      browser.newContext = async (...args: Parameters<Browser['newContext']>) => {
        const context = await original.apply(browser, args);
        opened.push(context);
        return context;
      };
      try {
        await use();
      } finally {
        browser.newContext = original;
        await Promise.all(opened.map((context) => context.close().catch(() => undefined)));
      }
    },
    { auto: true },
  ],
  /** Every URL path the page requested, for assertions on what was (not) downloaded. */
  requests: async ({ page }, use) => {
    const paths: string[] = [];
    page.on('request', (request) => paths.push(new URL(request.url()).pathname));
    await use(paths);
  },
});

export { expect } from '@playwright/test';

import { defineConfig } from '@playwright/test';

// The product is started per test file by support/product.ts (built server, temporary DATA_DIR
// copied from the template global setup prepares, free port), so files can run against
// differently configured servers, and in parallel: each worker runs whole files.
export default defineConfig({
  testDir: './tests',
  globalSetup: './support/global-setup.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  reporter: [['list'], ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? '../test-results/e2e.json' }]],
  outputDir: '../test-results/e2e',
  use: {
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    screenshot: 'only-on-failure',
    // The shell registers a service worker; files that stub or cut the network with
    // page.route / setOffline test the app without one. phones.spec.ts's 'installable' test allows it and tests it.
    serviceWorkers: 'block',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      // The machine has no outside network: keep Chromium from trying to reach it.
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});

import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    // The outbox and drafts (issue 16) are IndexedDB: fake-indexeddb stands in for it in jsdom.
    setupFiles: ['../vitest.setup.ts', 'fake-indexeddb/auto'],
    css: { modules: { classNameStrategy: 'non-scoped' } },
  },
});

import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'jsdom',
    // Above vitest.setup.ts's 5 s asyncUtilTimeout: a component test that types into a form can
    // outlast the default 5 s on a loaded 2-core machine (CI has caught /register just past it).
    testTimeout: 20_000,
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['../vitest.setup.ts'],
    css: { modules: { classNameStrategy: 'non-scoped' } },
  },
});

import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'jsdom',
    // Above vitest.setup.ts's 5 s asyncUtilTimeout: a component test that types into a form can
    // outlast the default 5 s on a loaded 2-core machine (CI has caught /register just past it).
    testTimeout: 20_000,
    setupFiles: ['../../vitest.setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    // Process CSS Modules so components get real class maps; non-scoped keeps the
    // local names readable in failure output.
    css: { include: [/\.css$/], modules: { classNameStrategy: 'non-scoped' } },
    restoreMocks: true,
  },
});

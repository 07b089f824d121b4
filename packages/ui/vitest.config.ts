import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'jsdom',
    setupFiles: ['../../vitest.setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    // Process CSS Modules so components get real class maps; non-scoped keeps the
    // local names readable in failure output.
    css: { include: [/\.css$/], modules: { classNameStrategy: 'non-scoped' } },
    restoreMocks: true,
  },
});

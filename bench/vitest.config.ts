import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: '@chat/bench',
    environment: 'node',
    include: ['**/*.test.ts'],
    exclude: ['node_modules/**', 'load/dist/**'],
  },
});

import { defineConfig } from 'vitest/config';

// One run over every package and app; each project keeps its own vitest.config.ts.
export default defineConfig({
  test: {
    projects: ['packages/*', 'shell', 'remote-*', 'server'],
  },
});

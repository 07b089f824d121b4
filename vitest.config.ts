import { defineConfig } from 'vitest/config';

// One run over every package and app; each project keeps its own vitest.config.ts.
export default defineConfig({
  test: {
    // Vitest's default is one worker less than the cores: a single one on a 2-core machine, which
    // leaves a core idle while a test waits on its database, a socket or a child process.
    maxWorkers: 2,
    projects: ['packages/*', 'shell', 'remote-*', 'server', 'bench'],
  },
});

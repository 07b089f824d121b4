import { defineConfig } from 'vitest/config';

// Integration tests open a real database per file (a copy of a migrated template), so the
// timeouts are generous; with DATABASE_URL/REDIS_URL set the same files run on PostgreSQL/Redis.
export default defineConfig({
  test: {
    name: '@chat/server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/test/global-setup.ts'],
    // As in the root config, for runs from this folder (the same value, so one worker pool serves all projects).
    maxWorkers: 2,
    // Each file already opens its own database and app; what isolation added was loading the whole
    // server (Fastify, the AWS SDK, drizzle...) again for every file, about half the suite's CPU.
    // Test helpers that keep module state reset it per file.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

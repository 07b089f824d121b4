import { defineConfig } from 'drizzle-kit';

// Only `drizzle-kit generate` is used: migrations are committed SQL, applied by the server at start.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './src/db/schema/migrations',
});

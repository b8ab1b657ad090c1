import { defineConfig } from 'drizzle-kit';

// `npm run db:generate` writes a new migration after a schema change; start-up applies it.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './src/db/migrations',
});

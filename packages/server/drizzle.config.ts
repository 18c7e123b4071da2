import { defineConfig } from 'drizzle-kit';

/** `npm run db:generate -w @pathconsult/server` writes a new versioned migration from schema.ts. */
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
});

/**
 * drizzle-kit configuration: `npm run db:generate -w @partsforge/server` writes SQL migrations into
 * apps/server/drizzle/ (committed). The same SQL runs on PGlite and PostgreSQL.
 */
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './drizzle',
  strict: true,
  verbose: true,
});

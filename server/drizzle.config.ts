import { defineConfig } from 'drizzle-kit';

// Only used to generate SQL migrations (`npx drizzle-kit generate --config server/drizzle.config.ts`);
// the server applies them from code at start-up.
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/src/db/schema.ts',
  out: './server/src/db/migrations',
});

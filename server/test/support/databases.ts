import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** A database a test suite may use: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export interface TestDatabase {
  kind: 'pglite' | 'postgres';
  /** Environment for loadConfig: DATA_DIR and, for PostgreSQL, DATABASE_URL of a fresh database. */
  env: Record<string, string>;
  drop(): Promise<void>;
}

/** The database kinds this run covers, for `describe.each`. */
export const databaseKinds: Array<'pglite' | 'postgres'> = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

/**
 * Creates an empty database of the given kind.
 * @param dataDir the DATA_DIR the server will use (PGlite keeps its files there; uploads go there for both).
 * @throws when kind is postgres and TEST_DATABASE_URL is unset or unreachable.
 */
export async function createTestDatabase(kind: 'pglite' | 'postgres', dataDir: string): Promise<TestDatabase> {
  if (kind === 'pglite') return { kind, env: { DATA_DIR: dataDir }, drop: async () => undefined };
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `unstuck_test_${randomBytes(6).toString('hex')}`;
  await withClient(adminUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    kind,
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    drop: () => withClient(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined),
  };
}

async function withClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

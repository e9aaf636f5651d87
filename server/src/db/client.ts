import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { fromPglite, type Db as QueueDb } from 'pg-boss';
import { MIGRATIONS_DIR as migrationsFolder } from '../paths.ts';
import { schema } from './schema.ts';

/** The Drizzle database, the same type for PGlite and PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** An open database: Drizzle on top, the driver's raw access for pg-boss, and close(). */
export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** pg-boss's connection options: its PGlite adapter (one in-process connection), or a connection string. */
  queue: { db: QueueDb; backend: 'pglite' } | { connectionString: string };
  close(): Promise<void>;
}

// Any fixed number: serialises migrations when several servers start on one PostgreSQL.
const MIGRATION_LOCK_ID = 727_001;

/**
 * Opens the database and applies the migrations in `server/src/db/migrations`.
 * @param options `databaseUrl` selects PostgreSQL; otherwise PGlite stores its files in `dataDir`
 *   (`memory://` keeps them in memory, for tests).
 * @throws when the database cannot be reached or a migration fails.
 */
export async function openDatabase(options: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  return openPglite(options.dataDir);
}

async function openPglite(dataDir: string): Promise<Database> {
  let client: PGlite;
  if (dataDir === 'memory://') {
    client = new PGlite();
  } else {
    const folder = path.resolve(dataDir, 'pglite');
    // PGlite needs the parent folder to exist (ARCHITECTURE.md "notes from trying it here").
    await mkdir(path.dirname(folder), { recursive: true });
    client = new PGlite(folder);
  }
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  return { db: db as unknown as Db, kind: 'pglite', queue: { db: fromPglite(client), backend: 'pglite' }, close: () => client.close() };
}

async function openPostgres(connectionString: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max: 10 });
  let closing = false;
  // An idle connection the server drops (restart, failover) must not crash the process: the pool
  // replaces it on the next query. Drops while closing are expected and say nothing.
  pool.on('error', (error) => {
    if (!closing) process.emitWarning(`PostgreSQL connection lost: ${error.message}`);
  });
  const db = drizzlePg(pool, { schema });
  const lockClient = await pool.connect();
  try {
    await lockClient.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migratePg(db, { migrationsFolder });
  } finally {
    await lockClient.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
    lockClient.release();
  }
  const close = async () => {
    closing = true;
    await pool.end();
  };
  return { db: db as unknown as Db, kind: 'postgres', queue: { connectionString }, close };
}

/**
 * Checks that the database answers a trivial query.
 * @returns true when `SELECT 1` succeeds.
 */
export async function pingDatabase(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

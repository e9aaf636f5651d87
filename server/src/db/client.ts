import { existsSync } from 'node:fs';
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

/** What a LISTEN subscriber is told (docs/decisions/016-polls-from-memory.md). */
export interface NotificationHandlers {
  /** A NOTIFY on the channel, with its payload. */
  onNotify(payload: string): void;
  /**
   * The listener lost its connection (`up` false: notifications may be missed from now on) or has it
   * again (`up` true: whatever was missed meanwhile is unknown).
   */
  onConnection(up: boolean): void;
}

/** An open database: Drizzle on top, the driver's raw access for pg-boss, and close(). */
export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** pg-boss's connection options: its PGlite adapter (one in-process connection), or a connection string. */
  queue: { db: QueueDb; backend: 'pglite' } | { connectionString: string };
  /**
   * LISTENs on `channel` (PostgreSQL: one dedicated connection per call, reconnected with backoff;
   * PGlite: the same in-process database). Resolves once listening; handlers are called until close().
   */
  listen(channel: string, handlers: NotificationHandlers): Promise<void>;
  /** How many statements the app's Drizzle client has sent (pg-boss's own not included): tests and the bench count them. */
  queryCount(): number;
  close(): Promise<void>;
}

// Any fixed number: serialises migrations when several servers start on one PostgreSQL.
const MIGRATION_LOCK_ID = 727_001;

/**
 * Opens the database and applies the migrations in `server/src/db/migrations`.
 * @param options `databaseUrl` selects PostgreSQL; otherwise PGlite stores its files in `dataDir`
 *   (`memory://` keeps them in memory, for tests). `image` (PGlite only): a data folder made by
 *   {@link createPgliteImage} that a new database starts from instead of an empty one (tests: one
 *   image per run saves each database PostgreSQL's initdb and the migrations); a folder that already
 *   holds a database ignores it.
 * @throws when the database cannot be reached or a migration fails.
 */
export async function openDatabase(options: { databaseUrl?: string; dataDir: string; image?: Blob }): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  return (await openPglite(options.dataDir, options.image)).database;
}

/**
 * Makes an image of a new in-memory PGlite database: the migrations applied, then `prepare` (tests add
 * the job queue's tables), for `openDatabase({ image })`.
 * @returns PGlite's uncompressed dump of the data folder (`dumpDataDir`).
 */
export async function createPgliteImage(prepare: (database: Database) => Promise<void>): Promise<Blob> {
  const { database, client } = await openPglite('memory://');
  try {
    await prepare(database);
    return await client.dumpDataDir('none');
  } finally {
    await database.close();
  }
}

/** Counts the statements Drizzle sends, through its logger hook. */
function queryCounter() {
  let count = 0;
  return { logger: { logQuery: () => void (count += 1) }, read: () => count };
}

async function openPglite(dataDir: string, image?: Blob): Promise<{ database: Database; client: PGlite }> {
  let client: PGlite;
  if (dataDir === 'memory://') {
    client = new PGlite({ loadDataDir: image });
  } else {
    const folder = path.resolve(dataDir, 'pglite');
    // PGlite needs the parent folder to exist (ARCHITECTURE.md "notes from trying it here").
    await mkdir(path.dirname(folder), { recursive: true });
    // PGlite refuses to load an image over an existing database.
    client = new PGlite(folder, { loadDataDir: existsSync(path.join(folder, 'PG_VERSION')) ? undefined : image });
  }
  const counter = queryCounter();
  const db = drizzlePglite(client, { schema, logger: counter.logger });
  await migratePglite(db, { migrationsFolder });
  const listen = async (channel: string, handlers: NotificationHandlers) => {
    await client.listen(channel, (payload) => handlers.onNotify(payload));
    handlers.onConnection(true);
  };
  const database: Database = {
    db,
    kind: 'pglite',
    queue: { db: fromPglite(client), backend: 'pglite' },
    listen,
    queryCount: counter.read,
    close: () => client.close(),
  };
  return { database, client };
}

async function openPostgres(connectionString: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max: 10 });
  let closing = false;
  // An idle connection the server drops (restart, failover) must not crash the process: the pool
  // replaces it on the next query. Drops while closing are expected and say nothing.
  pool.on('error', (error) => {
    if (!closing) process.emitWarning(`PostgreSQL connection lost: ${error.message}`);
  });
  const counter = queryCounter();
  const db = drizzlePg(pool, { schema, logger: counter.logger });
  const lockClient = await pool.connect();
  try {
    await lockClient.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migratePg(db, { migrationsFolder });
  } finally {
    await lockClient.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
    lockClient.release();
  }
  const listeners = new Set<pg.Client>();
  const listen = async (channel: string, handlers: NotificationHandlers) => {
    // A pooled connection would be handed to other queries; LISTEN needs its own, for good.
    const connect = async (): Promise<void> => {
      const client = new pg.Client({ connectionString });
      client.on('notification', (message) => {
        if (message.channel === channel) handlers.onNotify(message.payload ?? '');
      });
      client.on('error', () => undefined);
      client.on('end', () => {
        if (!listeners.delete(client) || closing) return;
        handlers.onConnection(false);
        reconnect(250);
      });
      try {
        await client.connect();
        await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      } catch (error) {
        await client.end().catch(() => undefined);
        throw error;
      }
      listeners.add(client);
      handlers.onConnection(true);
    };
    const reconnect = (delayMs: number) =>
      setTimeout(() => {
        if (!closing) connect().catch(() => reconnect(Math.min(delayMs * 2, 10_000)));
      }, delayMs).unref();
    await connect();
  };
  const close = async () => {
    closing = true;
    await Promise.all([...listeners].map((client) => client.end().catch(() => undefined)));
    await pool.end();
  };
  return { db: db as unknown as Db, kind: 'postgres', queue: { connectionString }, listen, queryCount: counter.read, close };
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

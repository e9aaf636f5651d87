import { sql } from 'drizzle-orm';
import { PgBoss } from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Db } from '../db/client.ts';

/** pg-boss's statement runner, as `send` and `insert` take it in their `db` option. */
export interface JobStatementRunner {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/**
 * The process's one pg-boss instance on the app's database, shared by every durable queue (agent-1's
 * turns and any later kind of background work), so that one supervisor, one set of connections and one
 * LISTEN serve them all (docs/decisions/002-agent-job-queue.md).
 */
export interface JobQueue {
  boss: PgBoss;
  /** Which database it runs on: on PGlite only this process holds jobs. */
  backend: Database['kind'];
  /** Stops every worker (waiting up to 10 s for running jobs) and closes the queue's connections. */
  stop(): Promise<void>;
}

/** Seconds between pg-boss supervisor passes (heartbeat and expiry checks, queue statistics). */
const MAINTENANCE_SECONDS = 5;

/**
 * Starts pg-boss on the app's database (PGlite through pg-boss's adapter, PostgreSQL by URL). On PGlite
 * the database belongs to this one process, so every job still marked running was a dead process's:
 * each is failed at once (an attempt counted, the retry queued) instead of after its heartbeat lapses.
 * @throws when pg-boss cannot start or migrate its schema.
 */
export async function startJobQueue(database: Database, log: FastifyBaseLogger): Promise<JobQueue> {
  const boss = new PgBoss({
    ...database.queue,
    schema: 'pgboss',
    supervise: true,
    schedule: false,
    useListenNotify: true,
    // Heartbeat and expiry checks run on the supervisor's pass: often enough that a dead worker's job
    // is retried within seconds of its heartbeat lapsing (pg-boss's default pass is once a minute).
    superviseIntervalSeconds: MAINTENANCE_SECONDS,
    monitorIntervalSeconds: MAINTENANCE_SECONDS,
  });
  // A failed fetch or heartbeat must be visible: pg-boss reports both here and carries on polling.
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
  boss.on('warning', (warning) => log.warn({ warning }, 'job queue warning'));
  await boss.start();
  if (database.kind === 'pglite') await failOrphanedJobs(boss, log);
  return {
    boss,
    backend: database.kind,
    stop: () => boss.stop({ graceful: true, timeout: 10_000 }),
  };
}

/**
 * pg-boss's statement runner on a Drizzle transaction, so that a job is stored in the same
 * transaction as what it is about. pg-boss numbers its parameters `$1`, `$2`…; Drizzle binds them.
 */
export function inTransaction(tx: Db): JobStatementRunner {
  return {
    async executeSql(text, values = []) {
      const parts = text.split(/\$(\d+)/);
      const chunks = parts.map((part, i) => (i % 2 === 0 ? sql.raw(part) : sql`${values[Number(part) - 1]}`));
      return (await tx.execute(sql.join(chunks))) as { rows: unknown[] };
    },
  };
}

/** Fails every job still marked running, queue by queue (PGlite start-up: they were a dead process's). */
async function failOrphanedJobs(boss: PgBoss, log: FastifyBaseLogger): Promise<void> {
  const { rows } = await boss.getDb().executeSql(`select name, array_agg(id) as ids from pgboss.job where state = 'active' group by name`);
  for (const { name, ids } of rows as Array<{ name: string; ids: string[] }>) {
    await boss.fail(name, ids, { message: 'the server stopped during this job' });
    log.warn({ queue: name, jobs: ids.length }, 'jobs interrupted by the last stop will be retried');
  }
}

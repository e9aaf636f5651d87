import { sql } from 'drizzle-orm';
import { PgBoss } from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Db } from '../db/client.ts';

/** Seconds between pg-boss supervisor passes (heartbeat and expiry checks, queue statistics). */
const MAINTENANCE_SECONDS = 5;

/**
 * Starts pg-boss on the app's database (PGlite through pg-boss's adapter, PostgreSQL by URL): the one
 * job queue every feature's queues live on (agent-1's turns, emails), so a process holds one set of
 * connections and one supervisor (docs/decisions/002-agent-job-queue.md). New jobs wake workers
 * through LISTEN/NOTIFY (PostgreSQL across instances, PGlite in process), with polling as the
 * fallback. pg-boss's `error` and `warning` events are logged.
 * @throws when pg-boss cannot start or migrate its schema.
 */
export async function startJobQueue(database: Database, log: FastifyBaseLogger): Promise<PgBoss> {
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
  return boss;
}

/**
 * pg-boss's statement runner on a Drizzle transaction, so that a job is stored in the same
 * transaction as what it is about. pg-boss numbers its parameters `$1`, `$2`…; Drizzle binds them.
 */
export function inTransaction(tx: Db): { executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> } {
  return {
    async executeSql(text, values = []) {
      const parts = text.split(/\$(\d+)/);
      const chunks = parts.map((part, i) => (i % 2 === 0 ? sql.raw(part) : sql`${values[Number(part) - 1]}`));
      return (await tx.execute(sql.join(chunks))) as { rows: unknown[] };
    },
  };
}

/**
 * Fails every job of `queue` still marked running: called on PGlite at start-up, where the database
 * belongs to this one process, so those jobs were a dead process's. Failing counts as an attempt and
 * queues the retry at once, instead of after the heartbeat or expiry lapses.
 * @returns how many jobs were failed.
 */
export async function failOrphanedJobs(boss: PgBoss, queue: string, message: string): Promise<number> {
  const { rows } = await boss.getDb().executeSql(`select id from pgboss.job where name = $1 and state = 'active'`, [queue]);
  const ids = (rows as Array<{ id: string }>).map((row) => row.id);
  if (ids.length > 0) await boss.fail(queue, ids, { message });
  return ids.length;
}

/** Wakes this process's idle workers of `queue` so they fetch now rather than after their polling interval. */
export function wakeWorkers(boss: PgBoss, queue: string): void {
  for (const worker of boss.getWipData()) if (worker.name === queue) boss.notifyWorker(worker.id);
}

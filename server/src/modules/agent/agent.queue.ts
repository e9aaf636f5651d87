import { sql } from 'drizzle-orm';
import type { PgBoss } from 'pg-boss';
import type { AgentQueue } from '../../app-deps.ts';
import type { Database, Db } from '../../db/client.ts';
import { inTransaction, type JobQueue } from '../../lib/job-queue.ts';
import { EXPERT_STATUSES } from '../tasks/hand-off.ts';

const QUEUE = 'agent-turns';

/** The durable queue of conversations waiting for agent-1 (a pg-boss queue of the process's {@link JobQueue}). */
export interface AgentJobQueue extends AgentQueue {
  /**
   * Queues each conversation that has no job waiting or running yet (start-up: the server finds the
   * conversations still owed an answer). A conversation whose job is still running on another
   * instance, or was a dead worker's, is left to that job and its retry.
   * @returns how many were queued.
   */
  enqueueMissing(conversationIds: readonly string[]): Promise<number>;
}

/** How the queue runs; the figures come from the configuration (README "Configuration"). */
export interface AgentQueueOptions {
  /** A running job older than this is retried whatever its heartbeat says (a turn stuck in a live process). */
  expireInSeconds: number;
  /** A running job whose worker has not refreshed it for this long is failed and retried (a dead process); ≥ 10. */
  heartbeatSeconds: number;
  /** Turns this process runs at once, each for a different conversation. */
  concurrency: number;
  handler?: (conversationId: string) => Promise<void>;
}

/**
 * Creates agent-1's queue on the process's job queue and, when `handler` is given, `concurrency`
 * workers. The queue's `stately` policy keeps at most one waiting and one running job per
 * conversation, so a conversation gets one turn at a time across every instance, while different
 * conversations run in parallel; the agent's turn key makes a retried answer a no-op
 * (docs/decisions/002-agent-job-queue.md).
 *
 * A dead worker's job is found by its missing heartbeat and retried (on PGlite at start-up, see
 * `startJobQueue`). New jobs wake workers through LISTEN/NOTIFY, on PostgreSQL across instances
 * and on PGlite in process, with polling as the fallback; a worker that finishes a turn fetches again
 * at once.
 * @throws when the queue cannot be created.
 */
export async function startAgentQueue(jobs: JobQueue, options: AgentQueueOptions): Promise<AgentJobQueue> {
  const { boss } = jobs;
  const settings = {
    expireInSeconds: options.expireInSeconds,
    heartbeatSeconds: options.heartbeatSeconds,
    notify: true,
    retryLimit: 5,
    retryDelay: 2,
    retryBackoff: true,
  };
  await boss.createQueue(QUEUE, { policy: 'stately', ...settings });
  // createQueue leaves an existing queue as it was: bring one made by an older release up to date.
  await boss.updateQueue(QUEUE, settings);

  // Workers wait out their polling interval after each turn; while turns keep coming, wake them instead.
  const wakeWorkers = () => {
    for (const worker of boss.getWipData()) if (worker.name === QUEUE) boss.notifyWorker(worker.id);
  };
  if (options.handler) {
    const handler = options.handler;
    await boss.work<{ conversationId: string }>(
      QUEUE,
      { batchSize: 1, localConcurrency: options.concurrency, pollingIntervalSeconds: 0.5, notifyPollingIntervalSeconds: 2 },
      async ([job]) => {
        try {
          if (job) await handler(job.data.conversationId);
        } finally {
          wakeWorkers();
        }
      },
    );
  }

  const send = (conversationId: string, tx?: Db) =>
    boss.send(QUEUE, { conversationId }, { singletonKey: conversationId, ...(tx ? { db: inTransaction(tx) } : {}) });
  return {
    async enqueue(conversationId, tx) {
      await send(conversationId, tx);
      if (!tx) wakeWorkers();
    },
    wake: wakeWorkers,
    async enqueueMissing(conversationIds) {
      if (conversationIds.length === 0) return 0;
      const busy = await conversationsWithJobs(boss, conversationIds);
      const missing = conversationIds.filter((id) => !busy.has(id));
      for (const conversationId of missing) await send(conversationId);
      if (missing.length > 0) wakeWorkers();
      return missing.length;
    },
  };
}

/**
 * The conversations, among `conversationIds`, that already have a job waiting, retrying or running.
 * pg-boss's `findJobs` has no state filter, so this reads its job table (state is an ordered enum:
 * created < retry < active < completed …).
 */
async function conversationsWithJobs(boss: PgBoss, conversationIds: readonly string[]): Promise<Set<string>> {
  const { rows } = await boss
    .getDb()
    .executeSql(`select distinct singleton_key from pgboss.job where name = $1 and state <= 'active' and singleton_key = any($2::text[])`, [
      QUEUE,
      conversationIds,
    ]);
  return new Set((rows as Array<{ singleton_key: string }>).map((row) => row.singleton_key));
}

/**
 * Finds conversations that still wait for agent-1, by the rule of `findPendingTurn` (pending-turn.ts):
 * the person's latest message that no later message replies to and no human expert wrote after, or a
 * proposal whose modification was requested, followed by nothing but the person's questions and
 * agent-1's answers to them. Run at start-up so a
 * message stored just before a crash, whose job was never queued, is answered. A conversation whose
 * task is with the human experts never waits for agent-1 (tasks/hand-off.ts, decision 026).
 * @returns their ids.
 */
export async function findWaitingConversations(database: Database): Promise<string[]> {
  // Both drivers answer `{ rows }`; the shared Drizzle type leaves it unknown.
  const withTheExperts = sql.join(
    EXPERT_STATUSES.map((status) => sql`${status}`),
    sql`, `,
  );
  const result = (await database.db.execute<{ conversation_id: string }>(sql`
    select waiting.conversation_id from (
    select person.conversation_id from (
      select distinct on (conversation_id) conversation_id, id, seq
      from messages where sender_id not like 'agent-%' and sender_role is null
      order by conversation_id, seq desc
    ) person
    where not exists (
      select 1 from messages later
      where later.conversation_id = person.conversation_id and later.seq > person.seq
        and (later.reply_to_message_id = person.id or later.sender_role = 'expert'))
    union
    select last.conversation_id from (
      select distinct on (conversation_id) conversation_id, id, sender_id, sender_role from messages order by conversation_id, seq desc
    ) last
    join tasks t on t.conversation_id = last.conversation_id
    join messages proposal on proposal.id = t.proposal_message_id
    where t.proposal_status = 'modification_requested'
      and (last.sender_id like 'agent-%' and last.sender_role is null)
      and not exists (
        select 1 from messages since
        where since.conversation_id = last.conversation_id and since.seq > proposal.seq
          and since.sender_id like 'agent-%' and since.reply_to_message_id is null)
    ) waiting
    where not exists (select 1 from tasks handed where handed.conversation_id = waiting.conversation_id
                      and handed.status in (${withTheExperts}))`)) as { rows: { conversation_id: string }[] };
  return result.rows.map((row) => row.conversation_id);
}

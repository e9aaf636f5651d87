import { sql } from 'drizzle-orm';
import { PgBoss } from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { AgentQueue } from '../../app-deps.ts';
import type { Database } from '../../db/client.ts';

const QUEUE = 'agent-turns';

/** The durable queue of conversations waiting for agent-1 (pg-boss on the app's database). */
export interface AgentJobQueue extends AgentQueue {
  /** Stops fetching, waits for running turns, and closes the queue's connections. */
  stop(): Promise<void>;
}

/**
 * Starts pg-boss on the app's database (PGlite through pg-boss's adapter, PostgreSQL by URL), creates
 * the queue and, when `handler` is given, a worker. The queue's `stately` policy keeps at most one
 * waiting and one running job per conversation, so two servers never answer one conversation at
 * once; the agent's turn key makes a retried answer a no-op.
 * @param options.expireInSeconds a running job older than this is retried (a crashed worker's job).
 */
export async function startAgentQueue(
  database: Database,
  options: { expireInSeconds: number; log: FastifyBaseLogger; handler?: (conversationId: string) => Promise<void> },
): Promise<AgentJobQueue> {
  const boss = new PgBoss({ ...database.queue, schema: 'pgboss', supervise: true, schedule: false });
  boss.on('error', (error) => options.log.error({ err: error }, 'agent queue error'));
  await boss.start();
  await boss.createQueue(QUEUE, {
    policy: 'stately',
    expireInSeconds: options.expireInSeconds,
    retryLimit: 5,
    retryDelay: 2,
    retryBackoff: true,
  });

  let workerId: string | null = null;
  if (options.handler) {
    const handler = options.handler;
    workerId = await boss.work<{ conversationId: string }>(QUEUE, { batchSize: 1, pollingIntervalSeconds: 0.5 }, async ([job]) => {
      if (job) await handler(job.data.conversationId);
    });
  }

  return {
    async enqueue(conversationId) {
      await boss.send(QUEUE, { conversationId }, { singletonKey: conversationId });
      if (workerId) boss.notifyWorker(workerId);
    },
    async stop() {
      await boss.stop({ graceful: true, timeout: 10_000 });
    },
  };
}

/**
 * Finds conversations that still wait for agent-1: the last message is a person's (not an expert's), or a proposal
 * whose modification was requested. Run at start-up so a message stored just before a crash, whose
 * job was never queued, is answered.
 * @returns their ids.
 */
export async function findWaitingConversations(database: Database): Promise<string[]> {
  // Both drivers answer `{ rows }`; the shared Drizzle type leaves it unknown.
  const result = (await database.db.execute<{ conversation_id: string }>(sql`
    select last.conversation_id from (
      select distinct on (conversation_id) conversation_id, id, sender_id, sender_role
      from messages order by conversation_id, seq desc
    ) last
    left join tasks t on t.conversation_id = last.conversation_id
    where (last.sender_id not like 'agent-%' and last.sender_role is null)
       or (t.proposal_status = 'modification_requested' and t.proposal_message_id = last.id)`)) as { rows: { conversation_id: string }[] };
  return result.rows.map((row) => row.conversation_id);
}

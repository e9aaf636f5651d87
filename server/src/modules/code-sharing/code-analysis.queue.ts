import type { CodeAnalysisJob, CodeAnalysisQueue } from '../../app-deps.ts';
import { inTransaction, type JobQueue } from '../../lib/job-queue.ts';

const QUEUE = 'code-analysis';

/** Attempts after the first for a job whose handler threw (a database or git hiccup); limits reached are not retried. */
const RETRY_LIMIT = 2;

/** What a handler knows of its job besides its data. */
export interface CodeAnalysisJobContext {
  /** True when a throw will not be retried: the handler then records the failure itself, so the task does not stay pending. */
  lastAttempt: boolean;
  /** Whether another analysis of the same task waits or runs (a later push, a second ZIP): the task stays pending. */
  morePending(): Promise<boolean>;
}

/** How the queue runs; the figures come from the configuration (README "Configuration"). */
export interface CodeAnalysisQueueOptions {
  /** A job running longer than this is retried (the pool stops an analysis well before). */
  expireInSeconds: number;
  /** Jobs this process runs at once (one analysis thread each). */
  concurrency: number;
  handler?: (job: CodeAnalysisJob, context: CodeAnalysisJobContext) => Promise<void>;
}

/** The key that coalesces jobs: one waiting and one running per repository, one per attached file. */
const keyOf = (job: CodeAnalysisJob) => ('repositoryId' in job ? `repository:${job.repositoryId}` : `file:${job.fileId}`);

/**
 * Creates the code analysis queue on the process's job queue and, when `handler` is given, its
 * workers (docs/decisions/025-code-analysis-jobs.md). The `stately` policy keeps at most one waiting
 * and one running job per key: pushes in a row to one repository leave one job running and one
 * waiting, and the waiting one reads the newest head when it runs, so N pushes cost at most two
 * analyses. A dead worker's job is found by its heartbeat and retried, as agent-1's are.
 * @throws when the queue cannot be created.
 */
export async function startCodeAnalysisQueue(jobs: JobQueue, options: CodeAnalysisQueueOptions): Promise<CodeAnalysisQueue> {
  const { boss } = jobs;
  const settings = {
    expireInSeconds: options.expireInSeconds,
    heartbeatSeconds: 10,
    notify: true,
    retryLimit: RETRY_LIMIT,
    retryDelay: 5,
    retryBackoff: true,
  };
  await boss.createQueue(QUEUE, { policy: 'stately', ...settings });
  await boss.updateQueue(QUEUE, settings);

  const wake = () => {
    for (const worker of boss.getWipData()) if (worker.name === QUEUE) boss.notifyWorker(worker.id);
  };
  if (options.handler) {
    const handler = options.handler;
    await boss.work<CodeAnalysisJob>(
      QUEUE,
      { batchSize: 1, localConcurrency: options.concurrency, pollingIntervalSeconds: 0.5, notifyPollingIntervalSeconds: 2 },
      async ([job]) => {
        try {
          if (!job) return;
          await handler(job.data, {
            lastAttempt: job.retryCount >= RETRY_LIMIT,
            async morePending() {
              const { rows } = await boss
                .getDb()
                .executeSql(
                  `select 1 from pgboss.job where name = $1 and data->>'taskId' = $2 and state <= 'active' and id <> $3::uuid limit 1`,
                  [QUEUE, job.data.taskId, job.id],
                );
              return rows.length > 0;
            },
          });
        } finally {
          wake();
        }
      },
    );
  }
  return {
    async enqueue(job, tx) {
      const id = await boss.send(QUEUE, job, { singletonKey: keyOf(job), ...(tx ? { db: inTransaction(tx) } : {}) });
      if (!tx) wake();
      return id !== null;
    },
    wake,
  };
}

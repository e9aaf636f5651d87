import type { PgBoss } from 'pg-boss';
import type { EmailQueue } from '../../app-deps.ts';
import type { Db } from '../../db/client.ts';
import { inTransaction, type JobQueue } from '../../lib/job-queue.ts';
import type { EmailEvent } from '../../lib/email-event.ts';
import type { EmailNotices } from './email-notice.ts';
import { deliverEmail, makeEmails, type EmailDeps } from './email.service.ts';

/** Events waiting to become emails (their notices, email-notice.ts). */
const EVENTS = 'email-events';
/** Made emails waiting to be sent. */
const SENDS = 'email-send';

/**
 * Retries (docs/decisions/023-email.md): an SMTP server that is down or refuses is tried again after
 * 5 s, then about twice as long each time up to 10 minutes, 40 times: about six hours in all. A job
 * running longer than `expireInSeconds` is retried as well (the transport's own timeouts end an
 * attempt well before).
 */
const SETTINGS = { retryLimit: 40, retryDelay: 5, retryBackoff: true, retryDelayMax: 600, expireInSeconds: 120, notify: true };

/** The email queues on the app's job queue, and how to start their workers once links can be written. */
export interface EmailJobQueue extends EmailQueue {
  /** Starts this process's workers: events become emails (by the queue's notices), emails are sent. */
  startWorkers(deps: Omit<EmailDeps, 'notices'>): Promise<void>;
}

/** Wakes this process's idle workers of `queue` so they fetch now rather than after their polling interval. */
function wakeWorkers(boss: PgBoss, queue: string): void {
  for (const worker of boss.getWipData()) if (worker.name === queue) boss.notifyWorker(worker.id);
}

/**
 * Creates the two email queues on the process's job queue (lib/job-queue.ts): `email-events` (an
 * event's job works out its emails) and `email-send` (one job per email). Jobs can be queued at once;
 * the workers start with {@link EmailJobQueue.startWorkers}.
 * @param notices every event type the app queues, with its emails (deps.ts registers each module's).
 *   `enqueue` refuses an event no notice reads (throws Error, or ZodError for a wrong payload), so a
 *   mistake fails the change that queues it, not a job later.
 */
export async function createEmailQueue(jobs: JobQueue, notices: EmailNotices): Promise<EmailJobQueue> {
  const { boss } = jobs;
  for (const name of [EVENTS, SENDS]) {
    await boss.createQueue(name, { policy: 'standard', ...SETTINGS });
    // createQueue leaves an existing queue as it was: bring one made by an older release up to date.
    await boss.updateQueue(name, SETTINGS);
  }
  const wake = () => {
    wakeWorkers(boss, EVENTS);
    wakeWorkers(boss, SENDS);
  };
  const queueSend = async (emailId: number, tx: Db, conversationId: string | undefined) => {
    await boss.send(SENDS, { emailId, conversationId }, { db: inTransaction(tx) });
  };
  return {
    async enqueue(event, tx, options = {}) {
      const notice = notices.get(event.type);
      if (!notice) throw new Error(`No email notice is registered for the event type ${event.type}`);
      notice.read(event);
      await boss.send(EVENTS, event, {
        ...(tx ? { db: inTransaction(tx) } : {}),
        ...(options.delaySeconds ? { startAfter: options.delaySeconds } : {}),
      });
      if (!tx) wake();
      // NOTIFY tells the workers of a job when it is stored, not when it falls due: a delayed job would
      // wait for their next poll, up to notifyPollingIntervalSeconds late. Wake them when it falls due
      // (its start is the database's clock at insertion, or the transaction's start, plus the delay:
      // not later than this timer). The poll still finds it if this process stops first; unref'd so
      // that a pending wake never holds a stopping process.
      if (options.delaySeconds) setTimeout(wake, options.delaySeconds * 1000).unref();
    },
    wake,
    async startWorkers(given) {
      const deps = { ...given, notices };
      const options = { batchSize: 1, localConcurrency: 2, pollingIntervalSeconds: 1, notifyPollingIntervalSeconds: 5 };
      // Workers wait out their polling interval after each job; while jobs keep coming (an event's
      // emails to every expert), wake them instead.
      await boss.work<EmailEvent>(EVENTS, options, async ([job]) => {
        if (!job) return;
        try {
          const made = await makeEmails(deps, job.data, queueSend);
          if (made.length > 0) wakeWorkers(boss, SENDS);
        } catch (error) {
          // The queue retries the event; say why this attempt failed.
          deps.log.warn({ err: error, event: job.data.type }, 'emails of an event not made yet; it will be retried');
          throw error;
        } finally {
          wakeWorkers(boss, EVENTS);
        }
      });
      await boss.work<{ emailId: number; conversationId?: string }>(SENDS, options, async ([job]) => {
        try {
          if (job) await deliverEmail(deps, job.data.emailId, job.data.conversationId);
        } finally {
          wakeWorkers(boss, SENDS);
        }
      });
    },
  };
}

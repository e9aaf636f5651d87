import type { TaskPayment } from '@unstuck/contract';
import type { Db } from '../db/client.ts';

// The tasks module's port to the payments module (docs/decisions/093-payments.md): the customer's task
// views carry each task's payment plan, and payments depends on tasks, so tasks reads the plans through
// here; deps.ts fills it with the payments service (docs/decisions/079-no-hidden-cycles.md).

/** @returns the payment plans of these tasks as customers read them, by task id (tasks without one left out). */
export type TaskPaymentViews = (db: Db, taskIds: readonly string[]) => Promise<Map<string, TaskPayment>>;

import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { findAccessRequest } from '../shares/shares.service.ts';
import { findTaskWithPeople } from '../tasks/tasks.service.ts';
import { isAdminAccount, personName } from '../users/people.ts';
import { listAdminCandidates } from '../users/users.service.ts';
import { planNewTasksDigest } from './new-tasks-digest.ts';
import { withEmail, type PlannedEmail } from './planned-email.ts';
import { accessRequestEmail } from './templates/access-request.tsx';
import { taskAssignedEmail, taskDoneEmail } from './templates/hand-off.tsx';
import { proposalAcceptedEmail } from './templates/proposal-accepted.tsx';
import { planUnreadDigest } from './unread-digest.ts';

export type { PlannedEmail } from './planned-email.ts';

/**
 * What happened that people hear of by email. Each event is a job on the queue, stored in the
 * transaction of the change that causes it; its job works out the recipients and their emails when it
 * runs (docs/decisions/023-email.md). Only ids travel: the job reads the rest as it is then.
 */
export type EmailEvent =
  | { type: 'proposal_accepted'; taskId: string }
  /** A task accepted; queued to run EMAIL_NEW_TASKS_DIGEST_SECONDS later, it makes the experts' new-task digests. */
  | { type: 'new_tasks'; taskId: string }
  | { type: 'access_requested'; accessRequestId: string }
  /** An expert took the task or was given it, at `assignedAt` (ISO 8601): each assignment is an event. */
  | { type: 'task_assigned'; taskId: string; expertId: string; assignedAt: string }
  /** The expert marked the task done at `completedAt` (ISO 8601): a done after a reopen is another event. */
  | { type: 'task_done'; taskId: string; completedAt: string }
  /** An expert's message; queued to run EMAIL_UNREAD_DELAY_SECONDS later, it makes the customer's unread digest if still unread. */
  | { type: 'expert_replied'; messageId: string }
  /** A customer's message to the expert holding the task; delayed and checked as `expert_replied`. */
  | { type: 'customer_replied'; messageId: string };

/** The event's identity, the first half of each of its emails' idempotency keys: the same event twice is one event. */
export function eventKey(event: EmailEvent): string {
  switch (event.type) {
    case 'proposal_accepted':
    case 'new_tasks':
      return `${event.type}:${event.taskId}`;
    case 'access_requested':
      return `access_requested:${event.accessRequestId}`;
    case 'task_assigned':
      return `task_assigned:${event.taskId}:${event.expertId}:${event.assignedAt}`;
    case 'task_done':
      return `task_done:${event.taskId}:${event.completedAt}`;
    case 'expert_replied':
    case 'customer_replied':
      return `${event.type}:${event.messageId}`;
  }
}

type EventDeps = { db: Db; config: Pick<Config, 'ADMIN_EMAILS' | 'EMAIL_NEW_TASKS_DIGEST_SECONDS'> };

/**
 * The emails an event calls for, as things stand when its job runs. A task or request deleted
 * meanwhile calls for none; guests and people without an email address get none.
 */
export async function planEmails(deps: EventDeps, event: EmailEvent): Promise<PlannedEmail[]> {
  switch (event.type) {
    case 'proposal_accepted':
      return planAcceptance(deps.db, event.taskId);
    case 'new_tasks':
      return planNewTasksDigest(deps.db, event.taskId, deps.config.EMAIL_NEW_TASKS_DIGEST_SECONDS);
    case 'access_requested':
      return planAccessRequest(deps, event.accessRequestId);
    case 'task_assigned':
      return planAssignment(deps.db, event);
    case 'task_done':
      return planDone(deps.db, event);
    case 'expert_replied':
      return planUnreadDigest(deps.db, event.messageId, 'customer');
    case 'customer_replied':
      return planUnreadDigest(deps.db, event.messageId, 'expert');
  }
}

/** An expert took the task: the customer hears who, unless the task changed hands since. */
async function planAssignment(db: Db, event: Extract<EmailEvent, { type: 'task_assigned' }>): Promise<PlannedEmail[]> {
  const found = await findTaskWithPeople(db, event.taskId);
  if (!found?.assignee || found.task.assigneeId !== event.expertId || !withEmail(found.owner)) return [];
  const { task, owner, assignee } = found;
  return [
    {
      recipient: owner,
      template: 'task-assigned',
      replyTo: { conversationId: task.conversationId },
      write: (context) =>
        taskAssignedEmail(context, {
          customerName: personName(owner),
          expertName: personName(assignee),
          taskTitle: task.title,
          conversationId: task.conversationId,
        }),
    },
  ];
}

/** The task was marked done: the customer is asked to confirm, reopen or rate, unless it was reopened since. */
async function planDone(db: Db, event: Extract<EmailEvent, { type: 'task_done' }>): Promise<PlannedEmail[]> {
  const found = await findTaskWithPeople(db, event.taskId);
  if (!found || found.task.status !== 'DONE' || !withEmail(found.owner)) return [];
  const { task, owner, assignee } = found;
  return [
    {
      recipient: owner,
      template: 'task-done',
      replyTo: { conversationId: task.conversationId },
      write: (context) =>
        taskDoneEmail(context, {
          customerName: personName(owner),
          expertName: assignee ? personName(assignee) : null,
          taskTitle: task.title,
          conversationId: task.conversationId,
        }),
    },
  ];
}

/** A proposal accepted: the customer hears what happens next (the experts hear of it in their digest, `new_tasks`). */
async function planAcceptance(db: Db, taskId: string): Promise<PlannedEmail[]> {
  const found = await findTaskWithPeople(db, taskId);
  if (!found || !found.task.endUserAcceptedTask || !withEmail(found.owner)) return [];
  const { task, owner } = found;
  return [
    {
      recipient: owner,
      template: 'proposal-accepted',
      write: (context) =>
        proposalAcceptedEmail(context, { customerName: personName(owner), taskTitle: task.title, conversationId: task.conversationId }),
    },
  ];
}

/** An access request on a share page: every admin hears of it. */
async function planAccessRequest(deps: EventDeps, accessRequestId: string): Promise<PlannedEmail[]> {
  const found = await findAccessRequest(deps.db, accessRequestId);
  if (!found) return [];
  const admins = (await listAdminCandidates(deps.db, deps.config.ADMIN_EMAILS)).filter(
    (user) => isAdminAccount(user, deps.config.ADMIN_EMAILS) && withEmail(user),
  );
  return admins.filter(withEmail).map((admin) => ({
    recipient: admin,
    template: 'access-request',
    write: (context) =>
      accessRequestEmail(context, {
        requesterName: found.request.name,
        requesterEmail: found.request.email,
        message: found.request.message,
        taskTitle: found.taskTitle,
      }),
  }));
}

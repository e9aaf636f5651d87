import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { EmailEvent } from '../../lib/email-event.ts';
import { findAccessRequest } from '../shares/shares.service.ts';
import { findTaskWithPeople } from '../tasks/tasks.service.ts';
import { isAdminAccount, personName } from '../users/people.ts';
import { listAdminCandidates } from '../users/users.service.ts';
import { planNewTasksDigest } from './new-tasks-digest.ts';
import { withEmail, type PlannedEmail } from './planned-email.ts';
import { accessApprovedEmail, accessDeclinedEmail } from './templates/access-answer.tsx';
import { accessRequestEmail } from './templates/access-request.tsx';
import { taskAssignedEmail, taskDoneEmail } from './templates/hand-off.tsx';
import { proposalAcceptedEmail } from './templates/proposal-accepted.tsx';
import { planUnreadDigest } from './unread-digest.ts';

export type { PlannedEmail } from './planned-email.ts';

/** The event's identity, the first half of each of its emails' idempotency keys: the same event twice is one event. */
export function eventKey(event: EmailEvent): string {
  switch (event.type) {
    case 'proposal_accepted':
    case 'new_tasks':
      return `${event.type}:${event.taskId}`;
    case 'access_requested':
    case 'access_approved':
    case 'access_declined':
      return `${event.type}:${event.accessRequestId}`;
    case 'task_assigned':
      return `task_assigned:${event.taskId}:${event.expertId}:${event.assignedAt}`;
    case 'task_done':
      return `task_done:${event.taskId}:${event.completedAt}`;
    case 'expert_replied':
    case 'customer_replied':
      return `${event.type}:${event.messageId}`;
    case 'payment_received':
      return `payment_received:${event.entryId}`;
  }
}

type EventDeps = {
  db: Db;
  config: Pick<Config, 'ADMIN_EMAILS' | 'EMAIL_NEW_TASKS_DIGEST_SECONDS'>;
  paymentReceipt?: (db: Db, entryId: string) => Promise<PlannedEmail[]>;
};

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
    case 'access_approved':
    case 'access_declined':
      return planAccessAnswer(deps.db, event);
    case 'task_assigned':
      return planAssignment(deps.db, event);
    case 'task_done':
      return planDone(deps.db, event);
    case 'expert_replied':
      return planUnreadDigest(deps.db, event.messageId, 'customer');
    case 'customer_replied':
      return planUnreadDigest(deps.db, event.messageId, 'expert');
    case 'payment_received':
      return deps.paymentReceipt ? deps.paymentReceipt(deps.db, event.entryId) : [];
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
      conversationId: task.conversationId,
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
      conversationId: task.conversationId,
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

/** An admin answered an access request: the requester (who has no account) hears the answer at the address they gave. */
async function planAccessAnswer(
  db: Db,
  event: Extract<EmailEvent, { type: 'access_approved' | 'access_declined' }>,
): Promise<PlannedEmail[]> {
  const found = await findAccessRequest(db, event.accessRequestId);
  if (!found) return [];
  const recipient = { id: null, email: found.request.email };
  const person = { requesterName: found.request.name, taskTitle: found.taskTitle };
  return [
    event.type === 'access_approved'
      ? {
          recipient,
          template: 'access-approved',
          write: (context) => accessApprovedEmail(context, { ...person, shareUrl: event.shareUrl, expiresAt: event.expiresAt }),
        }
      : { recipient, template: 'access-declined', write: (context) => accessDeclinedEmail(context, person) },
  ];
}

import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { EmailEvent } from '../../lib/email-event.ts';
import { matchingSkills } from '../agent/technologies/skill-match.ts';
import { findLatestIntakeStack, findMessage } from '../chat/chat.service.ts';
import { findAccessRequest } from '../shares/shares.service.ts';
import { findTaskOfConversationWithPeople, findTaskWithPeople } from '../tasks/tasks.service.ts';
import { isAdminAccount, personName } from '../users/people.ts';
import { listAdminCandidates, listExperts, type UserRow } from '../users/users.service.ts';
import { accessApprovedEmail, accessDeclinedEmail } from './templates/access-answer.tsx';
import { accessRequestEmail } from './templates/access-request.tsx';
import { customerReplyEmail, expertReplyEmail, taskAssignedEmail, taskDoneEmail } from './templates/hand-off.tsx';
import type { EmailContent, EmailContext } from './templates/layout.tsx';
import { newTaskEmail } from './templates/new-task.tsx';
import { proposalAcceptedEmail } from './templates/proposal-accepted.tsx';

/** The event's identity, the first half of each of its emails' idempotency keys: the same event twice is one event. */
export function eventKey(event: EmailEvent): string {
  switch (event.type) {
    case 'proposal_accepted':
      return `proposal_accepted:${event.taskId}`;
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
  }
}

/** One email an event calls for: to whom, which, and how to write it once the recipient's links are known. */
export interface PlannedEmail {
  /** A person with an account (`id`: their settings apply), or only an address (`id` null: someone who asked for access). */
  recipient: { id: string | null; email: string };
  template: string;
  /** The conversation the email is about: it goes only while its recipient may still read it (checked at send time). */
  conversationId?: string;
  write(context: EmailContext): EmailContent;
}

type EventDeps = { db: Db; config: Pick<Config, 'ADMIN_EMAILS'> };

const withEmail = (user: UserRow): user is UserRow & { email: string } => !user.isGuest && user.email !== null && user.email !== '';

/**
 * The emails an event calls for, as things stand when its job runs. A task or request deleted
 * meanwhile calls for none; guests and people without an email address get none.
 */
export async function planEmails(deps: EventDeps, event: EmailEvent): Promise<PlannedEmail[]> {
  switch (event.type) {
    case 'proposal_accepted':
      return planAcceptance(deps.db, event.taskId);
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
      return planExpertReply(deps.db, event.messageId);
    case 'customer_replied':
      return planCustomerReply(deps.db, event.messageId);
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

/** An expert's message the customer has still not read (in the app): the customer gets it by email. */
async function planExpertReply(db: Db, messageId: string): Promise<PlannedEmail[]> {
  const message = await findMessage(db, messageId);
  if (!message || message.read || message.senderRole !== 'expert') return [];
  const found = await findTaskOfConversationWithPeople(db, message.conversationId);
  if (!found || !withEmail(found.owner)) return [];
  const { task, owner } = found;
  return [
    {
      recipient: owner,
      template: 'expert-reply',
      conversationId: task.conversationId,
      write: (context) =>
        expertReplyEmail(context, {
          customerName: personName(owner),
          expertName: message.senderName ?? 'Your expert',
          taskTitle: task.title,
          conversationId: task.conversationId,
          content: message.content,
        }),
    },
  ];
}

/** A customer's message the expert holding the task has still not read: that expert gets it by email. */
async function planCustomerReply(db: Db, messageId: string): Promise<PlannedEmail[]> {
  const message = await findMessage(db, messageId);
  if (!message || message.read) return [];
  const found = await findTaskOfConversationWithPeople(db, message.conversationId);
  if (!found?.assignee || message.senderId !== found.task.userId || !withEmail(found.assignee)) return [];
  const { task, owner, assignee } = found;
  return [
    {
      recipient: assignee,
      template: 'customer-reply',
      conversationId: task.conversationId,
      write: (context) =>
        customerReplyEmail(context, {
          expertName: personName(assignee),
          customerName: personName(owner),
          taskTitle: task.title,
          taskId: task.id,
          content: message.content,
        }),
    },
  ];
}

/**
 * A proposal accepted: the customer hears what happens next; the experts whose skills match the
 * task's stack hear of the task, or every expert when none match (or agent-1 recorded no stack).
 */
async function planAcceptance(db: Db, taskId: string): Promise<PlannedEmail[]> {
  const found = await findTaskWithPeople(db, taskId);
  if (!found || !found.task.endUserAcceptedTask) return [];
  const { task, owner } = found;
  const plans: PlannedEmail[] = [];
  if (withEmail(owner)) {
    plans.push({
      recipient: owner,
      template: 'proposal-accepted',
      write: (context) =>
        proposalAcceptedEmail(context, { customerName: personName(owner), taskTitle: task.title, conversationId: task.conversationId }),
    });
  }
  const stack = await findLatestIntakeStack(db, task.conversationId);
  const experts = (await listExperts(db)).filter(withEmail).filter((expert) => expert.id !== owner.id);
  const matched = experts.map((expert) => ({ expert, skills: matchingSkills(expert.skills, stack) }));
  const anyMatch = matched.some(({ skills }) => skills.length > 0);
  for (const { expert, skills } of matched) {
    if (anyMatch && skills.length === 0) continue;
    plans.push({
      recipient: expert,
      template: 'new-task',
      write: (context) =>
        newTaskEmail(context, {
          expertName: personName(expert),
          taskTitle: task.title,
          stack,
          scope: task.clarifiedScope,
          matchedSkills: skills,
        }),
    });
  }
  return plans;
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

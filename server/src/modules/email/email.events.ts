import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { matchingSkills } from '../agent/technologies/skill-match.ts';
import { findLatestIntakeStack } from '../chat/chat.service.ts';
import { findAccessRequest } from '../shares/shares.service.ts';
import { findTaskWithPeople } from '../tasks/tasks.service.ts';
import { isAdminAccount, personName } from '../users/people.ts';
import { listAdminCandidates, listExperts, type UserRow } from '../users/users.service.ts';
import { accessRequestEmail } from './templates/access-request.tsx';
import type { EmailContent, EmailContext } from './templates/layout.tsx';
import { newTaskEmail } from './templates/new-task.tsx';
import { proposalAcceptedEmail } from './templates/proposal-accepted.tsx';

/**
 * What happened that people hear of by email. Each event is a job on the queue, stored in the
 * transaction of the change that causes it; its job works out the recipients and their emails when it
 * runs (docs/decisions/026-email.md). Only ids travel: the job reads the rest as it is then.
 */
export type EmailEvent = { type: 'proposal_accepted'; taskId: string } | { type: 'access_requested'; accessRequestId: string };

/** The event's identity, the first half of each of its emails' idempotency keys: the same event twice is one event. */
export function eventKey(event: EmailEvent): string {
  switch (event.type) {
    case 'proposal_accepted':
      return `proposal_accepted:${event.taskId}`;
    case 'access_requested':
      return `access_requested:${event.accessRequestId}`;
  }
}

/** One email an event calls for: to whom, which, and how to write it once the recipient's links are known. */
export interface PlannedEmail {
  recipient: UserRow & { email: string };
  template: string;
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
  }
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

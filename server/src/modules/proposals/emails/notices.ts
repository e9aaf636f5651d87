import { z } from 'zod';
import { defineEmailNotice, withEmail } from '../../email/email-notice.ts';
import { findTaskWithPeople } from '../../tasks/tasks.service.ts';
import { personName } from '../../users/people.ts';
import { planNewTasksDigest } from './new-tasks-digest.ts';
import { proposalAcceptedEmail } from './proposal-accepted.tsx';

const taskEvent = z.object({ taskId: z.string() });

declare module '../../../lib/email-event.ts' {
  interface EmailEventTypes {
    proposal_accepted: z.input<typeof taskEvent>;
    /** A task accepted; queued to run EMAIL_NEW_TASKS_DIGEST_SECONDS later, it makes the experts' new-task digests. */
    new_tasks: z.input<typeof taskEvent>;
  }
}

/** A proposal accepted: the customer hears what happens next (the experts hear of it in their digest, `new_tasks`). */
const proposalAccepted = defineEmailNotice({
  type: 'proposal_accepted',
  payload: taskEvent,
  async plan({ db }, { taskId }) {
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
  },
});

/** The experts' new-task digests a task's acceptance calls for ({@link planNewTasksDigest}). */
const newTasks = defineEmailNotice({
  type: 'new_tasks',
  payload: taskEvent,
  plan: (context, { taskId }) => planNewTasksDigest(context, taskId),
});

/** The emails accepting a proposal causes, registered by deps.ts. */
export const proposalEmailNotices = [proposalAccepted, newTasks];

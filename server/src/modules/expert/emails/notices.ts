import { z } from 'zod';
import { defineEmailNotice, withEmail } from '../../email/email-notice.ts';
import { findTaskWithPeople } from '../../tasks/tasks.service.ts';
import { personName } from '../../users/people.ts';
import { taskAssignedEmail, taskDoneEmail } from './hand-off.tsx';

const assignedEvent = z.object({ taskId: z.string(), expertId: z.string(), assignedAt: z.string() });
const doneEvent = z.object({ taskId: z.string(), completedAt: z.string() });

declare module '../../../lib/email-event.ts' {
  interface EmailEventTypes {
    /** An expert took the task or was given it, at `assignedAt` (ISO 8601): each assignment is an event. */
    task_assigned: z.input<typeof assignedEvent>;
    /** The expert marked the task done at `completedAt` (ISO 8601): a done after a reopen is another event. */
    task_done: z.input<typeof doneEvent>;
  }
}

/** An expert took the task: the customer hears who, unless the task changed hands since. */
const taskAssigned = defineEmailNotice({
  type: 'task_assigned',
  payload: assignedEvent,
  async plan({ db }, { taskId, expertId }) {
    const found = await findTaskWithPeople(db, taskId);
    if (!found?.assignee || found.task.assigneeId !== expertId || !withEmail(found.owner)) return [];
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
  },
});

/** The task was marked done: the customer is asked to confirm, reopen or rate, unless it was reopened since. */
const taskDone = defineEmailNotice({
  type: 'task_done',
  payload: doneEvent,
  async plan({ db }, { taskId }) {
    const found = await findTaskWithPeople(db, taskId);
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
  },
});

/** The emails of an expert's work on a task, registered by deps.ts. */
export const expertEmailNotices = [taskAssigned, taskDone];

import { AGENT_RECIPIENT_ID, EXPERT_TEAM_RECIPIENT_ID, type TaskEvent, type TaskEventKind, type TaskStatus } from '@unstuck/contract';
import type { Db } from '../../db/client.ts';
import type { TaskConversations } from '../../lib/task-conversations.ts';
import type { TaskRow } from './tasks.repository.ts';

// The one place that says who answers a conversation (docs/decisions/026-the-human-half.md): before
// acceptance agent-1 does; from acceptance on the human experts do, and agent-1 never takes a turn
// there again. The chat's send, agent-1's job, its start-up scan and the external agents' send all
// ask these functions.

/** Statuses of a task handed to the human experts: accepted, taken, waiting on the customer, done. */
export const EXPERT_STATUSES = ['ACCEPTED', 'IN_PROGRESS', 'WAITING_ON_CUSTOMER', 'DONE'] as const satisfies readonly TaskStatus[];

/** Whether a task is with the human experts (its proposal was accepted). Pure. */
export const isWithTheExperts = (task: Pick<TaskRow, 'status'>): boolean => (EXPERT_STATUSES as readonly string[]).includes(task.status);

/**
 * Whether agent-1 (or any agent) may take a turn in the conversation of this task: never once the
 * task is with the human experts. A conversation without a task is the agent's.
 */
export const agentMayAnswer = (task: Pick<TaskRow, 'status'> | null): boolean => task === null || !isWithTheExperts(task);

/** Where a customer's message goes, and whether agent-1 is queued to answer it. */
export interface CustomerMessageRoute {
  /** Stored as the message's recipient: `agent-1`, the expert holding the task, or `experts` (the queue). */
  recipientId: string;
  /** True when agent-1 answers (its job is queued with the message). */
  agentTurn: boolean;
}

/**
 * Routes a customer's message by its conversation's task, whatever `recipientId` the client sent:
 * before acceptance to agent-1, which is queued to answer; after it to the expert holding the task,
 * or to the expert queue (`experts`) while nobody does, and agent-1 is not queued. Pure.
 */
export function routeCustomerMessage(task: Pick<TaskRow, 'status' | 'assigneeId'> | null): CustomerMessageRoute {
  if (agentMayAnswer(task)) return { recipientId: AGENT_RECIPIENT_ID, agentTurn: true };
  return { recipientId: task?.assigneeId ?? EXPERT_TEAM_RECIPIENT_ID, agentTurn: false };
}

/** The line each event shows in the conversation and on the job card, in the customer's words. */
function eventLine(kind: TaskEventKind, expertName: string | null, score: number | null): string {
  const expert = expertName ? `${expertName}, human expert,` : 'A human expert';
  switch (kind) {
    case 'assigned':
      return `${expert} took your task`;
    case 'reassigned':
      return `Your task was handed to ${expertName ?? 'another expert'}, human expert`;
    case 'unassigned':
      return 'Your task is back with the expert team; the next available expert will take it';
    case 'in_progress':
      return `${expert} is working on your task`;
    case 'waiting_on_customer':
      return `${expert} is waiting for your answer`;
    case 'answered':
      return `You answered; ${expert} is working on your task again`;
    case 'done':
      return 'Marked done';
    case 'confirmed':
      return 'You confirmed the work is done';
    case 'reopened':
      return 'You reopened the task';
    case 'rated':
      return `You rated the work ${score ?? '?'} out of 5`;
    case 'payment':
      // The payments module writes its own line with the amount (docs/decisions/093-payments.md).
      return 'Your payment plan changed';
  }
}

/** Events the customer causes: their lines count as read by them. */
const CUSTOMER_EVENTS: ReadonlySet<TaskEventKind> = new Set(['answered', 'confirmed', 'reopened', 'rated']);

/**
 * Stores a task's status change as an event line in the customer's conversation (a `system`
 * message, `type` `event`, `metadata.event`), unread by the customer unless they caused it, and
 * moves the conversation's last-message time. Call in the change's transaction.
 * @param conversations AppDeps `taskConversations`: the chat module writes the line (tasks does not
 *   import chat, docs/decisions/029-server-module-boundaries.md).
 * @param task the task after the change (its status is the event's).
 * @param expertName the expert concerned, when there is one (display name only: event lines carry no ids).
 * @returns the event line's content.
 */
export async function recordTaskEvent(
  conversations: TaskConversations,
  tx: Db,
  task: Pick<TaskRow, 'conversationId' | 'userId' | 'status'>,
  kind: TaskEventKind,
  expertName: string | null,
  now: Date,
  score: number | null = null,
): Promise<string> {
  const content = eventLine(kind, expertName, score);
  const event: TaskEvent = { kind, status: task.status, expert_name: expertName, score };
  await conversations.insertEventLine(tx, {
    conversationId: task.conversationId,
    recipientId: task.userId,
    content,
    event,
    read: CUSTOMER_EVENTS.has(kind),
    now,
  });
  return content;
}

import type { messages, tasks } from '../../db/schema.ts';
import { senderRoleOf } from '../chat/message-view.ts';

type MessageRow = typeof messages.$inferSelect;
type TaskRow = typeof tasks.$inferSelect;

/** A turn agent-1 owes the conversation; `turnKey` makes storing its answer idempotent. */
export interface PendingTurn {
  turnKey: string;
  /** The person's message being answered; null for the question after "Let's modify it". */
  replyTo: MessageRow | null;
  /** True when the person asked to modify the proposal and has not yet said what to change. */
  modificationRequested: boolean;
}

/**
 * Decides whether agent-1 owes an answer: the last message is the person's (not an agent's, not a
 * human expert's), or the person pressed "Let's modify it" on the latest proposal and nothing was
 * said since.
 * @param rows the conversation's messages, oldest first.
 * @returns the pending turn, or null when the agent has nothing to say.
 */
export function findPendingTurn(rows: MessageRow[], task: TaskRow): PendingTurn | null {
  const last = rows.at(-1);
  if (!last) return null;
  if (senderRoleOf(last) === 'user') return { turnKey: `reply:${last.id}`, replyTo: last, modificationRequested: false };
  if (task.proposalStatus === 'modification_requested' && task.proposalMessageId === last.id) {
    return { turnKey: `modify:${last.id}`, replyTo: null, modificationRequested: true };
  }
  return null;
}

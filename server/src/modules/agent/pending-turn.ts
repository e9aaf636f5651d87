import type { messages, tasks } from '../../db/schema.ts';
import { isAgentId, senderRoleOf } from '../chat/message-view.ts';

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
 * Decides whether agent-1 owes an answer: the person's latest message has no answer yet (no later
 * message replies to it, and no human expert wrote after it), or the person pressed "Let's modify it"
 * on the latest proposal and nothing was said since but agent-1's answers to their questions (an
 * agent message replying to one of theirs: a question after a proposal gets no new version). The answer to an earlier message does not answer
 * a later one: a message that arrived while agent-1's turn on the one before was running is still
 * owed an answer after that turn is stored, and the next turn (the job its send queued) gives it.
 * @param rows the conversation's messages, oldest first.
 * @returns the pending turn, or null when the agent has nothing to say.
 */
export function findPendingTurn(rows: MessageRow[], task: TaskRow): PendingTurn | null {
  const personAt = rows.findLastIndex((row) => senderRoleOf(row) === 'user');
  const person = rows[personAt];
  if (person && !rows.slice(personAt + 1).some((later) => later.replyToMessageId === person.id || senderRoleOf(later) === 'expert')) {
    return { turnKey: `reply:${person.id}`, replyTo: person, modificationRequested: false };
  }
  const last = rows.at(-1);
  const proposalAt = rows.findIndex((row) => row.id === task.proposalMessageId);
  const sinceProposal = proposalAt >= 0 ? rows.slice(proposalAt + 1) : [];
  const onlyAnswers = sinceProposal.every(
    (row) => senderRoleOf(row) === 'user' || (isAgentId(row.senderId) && row.replyToMessageId !== null),
  );
  if (last && task.proposalStatus === 'modification_requested' && proposalAt >= 0 && senderRoleOf(last) !== 'user' && onlyAnswers) {
    return { turnKey: `modify:${last.id}`, replyTo: null, modificationRequested: true };
  }
  return null;
}

import type { ProposalActionResponse } from '@unstuck/contract';
import type { AppDeps } from '../../app-deps.ts';
import type { Caller } from '../../lib/caller.ts';
import { setMessageProposalStatus } from '../chat/chat.service.ts';
import { lockTaskOfProposal, updateProposalState } from '../tasks/tasks.service.ts';
import { proposalAlreadyAccepted, proposalNotFound, proposalReplaced } from './proposals.errors.ts';

type ProposalAction = 'accept' | 'modify';

/**
 * Accepts a proposal or asks to modify it (docs/product.md "Proposal", "Calls"). Only the conversation's owner
 * may act, and only on the task's current proposal.
 * - accept: task ACCEPTED, endUserAcceptedTask, proposalAcceptedAt, proposalStatus `accepted`; the
 *   acceptance's emails (the customer's, the matching experts') are queued in the same transaction.
 * - modify: proposalStatus `modification_requested`; agent-1 is queued to ask what to change.
 * Repeating the same action is harmless and answers the same state. The answer names the version
 * acted on (docs/decisions/030-proposal-versions.md); accepting records it on the task.
 * @throws AppError 404 unknown or foreign message, or one that is not an agent proposal (metadata
 *   kind `proposal`); 409 when the proposal is already accepted (modify) or superseded by a newer one.
 */
export async function actOnProposal(
  deps: Pick<AppDeps, 'db' | 'clock' | 'agentQueue' | 'emails'>,
  caller: Extract<Caller, { kind: 'user' }>,
  messageId: string,
  action: ProposalAction,
): Promise<ProposalActionResponse> {
  const now = deps.clock.now();
  const task = await deps.db.transaction(async (tx) => {
    const row = await lockTaskOfProposal(tx, messageId, caller.id);
    // Only a message the agent sent as a proposal can be acted on; anything else (a question, the
    // person's own message) is not a proposal at all, so 404 rather than "replaced".
    if (!row || row.metadata.kind !== 'proposal' || row.task.proposalMessageId === null) throw proposalNotFound();
    if (row.task.proposalMessageId !== messageId) throw proposalReplaced();
    const current = row.task;
    if (action === 'modify' && current.proposalStatus === 'accepted') {
      throw proposalAlreadyAccepted();
    }
    const changes =
      action === 'accept'
        ? current.proposalStatus === 'accepted'
          ? {}
          : { status: 'ACCEPTED' as const, endUserAcceptedTask: true, proposalStatus: 'accepted' as const, proposalAcceptedAt: now }
        : { proposalStatus: 'modification_requested' as const };
    if (Object.keys(changes).length === 0) return current;
    const updated = await updateProposalState(tx, current.id, changes);
    await setMessageProposalStatus(tx, messageId, updated.proposalStatus!);
    if (action === 'accept') await deps.emails.enqueue({ type: 'proposal_accepted', taskId: updated.id }, tx);
    return updated;
  });

  if (action === 'accept') deps.emails.wake();
  if (action === 'modify') await deps.agentQueue.enqueue(task.conversationId);
  return {
    message_id: messageId,
    task_id: task.id,
    status: task.status,
    proposalStatus: task.proposalStatus!,
    proposalAcceptedAt: task.proposalAcceptedAt?.toISOString() ?? null,
    // Only the task's current proposal can be acted on, so its version is the one acted on.
    proposalVersion: task.proposalVersion ?? 1,
  };
}

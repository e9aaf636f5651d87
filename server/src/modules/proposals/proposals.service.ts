import type { ProposalActionResponse } from '@unstuck/contract';
import type { AppDeps } from '../../app-deps.ts';
import type { Db } from '../../db/client.ts';
import type { Caller } from '../../lib/caller.ts';
import { setMessageProposalStatus } from '../chat/chat.service.ts';
import { countAcceptancesSince, lockTaskOfProposal, updateProposalState } from '../tasks/tasks.service.ts';
import { readEmailNotifications } from '../email/email.service.ts';
import { openPaymentPlan } from '../payments/payments.service.ts';
import { findUser, lockCallerRow } from '../users/users.service.ts';
import { proposalAlreadyAccepted, proposalNotFound, proposalReplaced, tooManyAcceptances } from './proposals.errors.ts';

/** The window of the acceptance cap (ACCEPTANCES_PER_USER_PER_DAY): the last 24 hours. */
const DAY_MS = 24 * 60 * 60 * 1000;

type ProposalAction = 'accept' | 'modify';

/**
 * Accepts a proposal or asks to modify it (docs/product.md "Proposal", "Calls"). Only the conversation's owner
 * may act, and only on the task's current proposal.
 * - accept: task ACCEPTED, endUserAcceptedTask, proposalAcceptedAt, proposalStatus `accepted`; the
 *   customer's email and the experts' new-task digest (delayed EMAIL_NEW_TASKS_DIGEST_SECONDS,
 *   docs/decisions/086-email-digests.md) are queued in the same transaction. A person accepts at most
 *   ACCEPTANCES_PER_USER_PER_DAY proposals in any 24 hours (each acceptance emails experts). With payments
 *   on, a priced proposal's acceptance makes the task's payment plan; while PAYMENT_BEFORE_WORK holds the
 *   experts' digest back until the deposit is paid (docs/decisions/093-payments.md).
 * - modify: proposalStatus `modification_requested`; agent-1 is queued to ask what to change.
 * Repeating the same action is harmless and answers the same state. The answer names the version
 * acted on (docs/decisions/030-proposal-versions.md); accepting records it on the task.
 * @throws AppError 404 unknown or foreign message, or one that is not an agent proposal (metadata
 *   kind `proposal`); 409 when the proposal is already accepted (modify) or superseded by a newer one;
 *   429 with `Retry-After` (seconds until the earliest of the day's acceptances is 24 hours old) past the cap.
 */
export async function actOnProposal(
  deps: Pick<AppDeps, 'db' | 'clock' | 'agentQueue' | 'emails' | 'config'>,
  caller: Extract<Caller, { kind: 'user' }>,
  messageId: string,
  action: ProposalAction,
): Promise<ProposalActionResponse> {
  const now = deps.clock.now();
  const { task, accepted } = await deps.db.transaction(async (tx) => {
    // The caller's lock serialises their acceptances, so concurrent ones cannot all pass the cap.
    if (action === 'accept') await lockCallerRow(tx, caller);
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
    if (Object.keys(changes).length === 0) return { task: current, accepted: false };
    if (action === 'accept') await checkAcceptanceCap(tx, deps.config.ACCEPTANCES_PER_USER_PER_DAY, caller.id, now);
    const updated = await updateProposalState(tx, current.id, changes);
    await setMessageProposalStatus(tx, messageId, updated.proposalStatus!);
    if (action === 'accept') {
      await deps.emails.enqueue({ type: 'proposal_accepted', taskId: updated.id }, tx);
      // With payments on, the plan starts here; when work waits for the deposit the experts hear of the
      // task once it is paid (docs/decisions/093-payments.md).
      const { workWaits } = await openPaymentPlan(deps, tx, updated.id, row.metadata.intake?.estimate ?? null);
      if (!workWaits) {
        await deps.emails.enqueue({ type: 'new_tasks', taskId: updated.id }, tx, {
          delaySeconds: deps.config.EMAIL_NEW_TASKS_DIGEST_SECONDS,
        });
      }
    }
    return { task: updated, accepted: action === 'accept' };
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
    confirmationEmailTo: accepted ? await confirmationAddress(deps, caller.id) : null,
  };
}

/**
 * Where the acceptance email just queued goes, as the thank-you modal may say it: the person's
 * address when emails leave this server (SMTP_URL) and they take emails; else null (no email is sent).
 */
async function confirmationAddress(deps: Pick<AppDeps, 'db' | 'config'>, userId: string): Promise<string | null> {
  if (!deps.config.SMTP_URL) return null;
  const user = await findUser(deps.db, userId);
  if (!user?.email || user.isGuest) return null;
  return (await readEmailNotifications(deps.db, userId)) ? user.email : null;
}

/** @throws AppError 429 when `userId` accepted `cap` proposals in the 24 hours before `now`. */
async function checkAcceptanceCap(tx: Db, cap: number, userId: string, now: Date): Promise<void> {
  const { count, earliest } = await countAcceptancesSince(tx, userId, new Date(now.getTime() - DAY_MS));
  if (count >= cap) throw tooManyAcceptances((earliest?.getTime() ?? now.getTime()) + DAY_MS - now.getTime());
}

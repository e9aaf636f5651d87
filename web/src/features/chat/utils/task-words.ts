// What the customer reads after "✓ Sounds good", from what is true of their task: no promise the
// product does not keep (docs/product.md "Thank-you modal", "Working with the expert").
import { expertResponseText, type ExpertResponse, type PublicPayments, type UserTask } from '@unstuck/contract';
import { proposalParts } from './proposal-parts.ts';

/** The words of the thank-you modal: a lead sentence and the next steps, in order. */
export interface ThankYouWords {
  lead: string;
  steps: string[];
}

/** Sections of a proposal that say what the work is, where a call the customer agreed to would be. */
const WORK_SECTIONS = /^(scope|plan)$/i;
const MENTIONS_CALL = /\b(?:calls?|meetings?)\b/i;
const REFUSES_CALL = /\b(?:no|not|without|skip)\b[^.]*\b(?:calls?|meetings?)\b/i;

/**
 * Whether an accepted proposal (Markdown, as agent-1 writes it) includes a call with the expert: a
 * line of its Scope or Plan that mentions a call or meeting and does not exclude one ("no call").
 * Its Next steps and Estimate are boilerplate, not something the customer chose, so they do not count.
 */
export function proposalIncludesCall(proposalContent: string): boolean {
  return proposalParts(proposalContent)
    .sections.filter((section) => WORK_SECTIONS.test(section.heading))
    .flatMap((section) => section.body.split('\n'))
    .some((line) => MENTIONS_CALL.test(line) && !REFUSES_CALL.test(line));
}

/**
 * The thank-you modal's words after an acceptance.
 * @param expertResponse the expected first reply (`expertResponse` of `GET /api/config`); null: none is promised.
 * @param confirmationEmailTo where the acceptance email just went (`confirmationEmailTo` of the accept
 *   answer); null: no email is mentioned, as none was sent.
 * @param proposalContent the accepted proposal's text; a call is mentioned only when it includes one
 *   ({@link proposalIncludesCall}); null (not loaded): no call.
 * @param payments the payment settings (`payments` of `GET /api/config`): when work waits for the deposit
 *   (`beforeWork`), the task reaches the experts only once it is paid (docs/decisions/093-payments.md).
 */
export function thankYouWords({
  expertResponse,
  confirmationEmailTo,
  proposalContent,
  payments,
}: {
  expertResponse: ExpertResponse | null;
  confirmationEmailTo: string | null;
  proposalContent: string | null;
  payments?: PublicPayments;
}): ThankYouWords {
  const depositFirst = payments?.beforeWork === true;
  const steps = [
    depositFirst ? 'Pay the deposit shown in this conversation: your task then goes to our human experts.' : null,
    'An expert whose skills fit your request takes the task and writes to you in this conversation.',
    expertResponse ? `${expertResponseText(expertResponse)}.` : null,
    confirmationEmailTo ? `We have emailed a confirmation to ${confirmationEmailTo}.` : null,
    proposalContent && proposalIncludesCall(proposalContent) ? 'The expert sets up the call your proposal includes.' : null,
    'You can continue the conversation here at any time.',
  ];
  return {
    lead: depositFirst ? 'Your proposal is accepted.' : 'Your task is now with our human experts.',
    steps: steps.filter((step): step is string => step !== null),
  };
}

/** What the composer's note reads of the task: its status, who holds it and whether the customer confirmed. */
export type TaskState = Pick<UserTask, 'status' | 'assigneeName' | 'confirmedAt'> & Partial<Pick<UserTask, 'payment'>>;

/** A person's first name, as the conversation addresses them ("Eve Expert" → "Eve"). */
export const firstName = (name: string): string => name.trim().split(/\s+/)[0] ?? name;

/**
 * The note under the composer once a proposal is accepted, following the task:
 * - not loaded yet, or nobody holds it: "Proposal accepted. Waiting for an expert to take your task."
 *   and the expected first reply when there is one; while work waits for an unpaid deposit, that the
 *   deposit comes first;
 * - an expert holds it: "Eve is on it."; waiting on the customer: "Eve is waiting on you: …";
 * - done: "Eve marked the work as done: …", once confirmed "Done and confirmed. …".
 * @param expertResponse the expected first reply; null: none is promised.
 * @param payments the payment settings; with `beforeWork`, a task whose deposit is due is not with the experts yet.
 */
export function composerNote(task: TaskState | null, expertResponse: ExpertResponse | null, payments: PublicPayments = null): string {
  const expert = task?.assigneeName ? firstName(task.assigneeName) : null;
  if (task?.status === 'DONE') {
    if (task.confirmedAt) return 'Done and confirmed. You can still write here.';
    return `${expert ?? 'The expert'} marked the work as done: confirm it or reopen it.`;
  }
  if (!expert && payments?.beforeWork && task?.payment?.status === 'awaiting_deposit') {
    return 'Proposal accepted. Pay the deposit and your task goes to our experts.';
  }
  if (!expert) {
    const waiting = 'Proposal accepted. Waiting for an expert to take your task.';
    return expertResponse ? `${waiting} ${expertResponseText(expertResponse)}.` : waiting;
  }
  if (task?.status === 'WAITING_ON_CUSTOMER') return `${expert} is waiting on you: your answer keeps the work moving.`;
  return `${expert} is on it.`;
}

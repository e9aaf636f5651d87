// The events features queue for email (AppDeps `emails`). They live in lib/, not in the email module,
// because app-deps.ts declares the queue and imports no module (docs/decisions/079-no-hidden-cycles.md).

/**
 * What happened that people hear of by email. Each event is a job on the queue, stored in the
 * transaction of the change that causes it; its job works out the recipients and their emails when it
 * runs (docs/decisions/023-email.md). Only ids travel: the job reads the rest as it is then.
 */
export type EmailEvent =
  | { type: 'proposal_accepted'; taskId: string }
  /** A task accepted; queued to run EMAIL_NEW_TASKS_DIGEST_SECONDS later, it makes the experts' new-task digests. */
  | { type: 'new_tasks'; taskId: string }
  | { type: 'access_requested'; accessRequestId: string }
  /**
   * An admin approved an access request: the requester gets the new link. The link travels in the job
   * because only its token's hash is stored (it is in the email's body as well).
   */
  | { type: 'access_approved'; accessRequestId: string; shareUrl: string; expiresAt: string }
  /** An admin declined an access request: the requester gets a short note. */
  | { type: 'access_declined'; accessRequestId: string }
  /** An expert took the task or was given it, at `assignedAt` (ISO 8601): each assignment is an event. */
  | { type: 'task_assigned'; taskId: string; expertId: string; assignedAt: string }
  /** The expert marked the task done at `completedAt` (ISO 8601): a done after a reopen is another event. */
  | { type: 'task_done'; taskId: string; completedAt: string }
  /** An expert's message; queued to run EMAIL_UNREAD_DELAY_SECONDS later, it makes the customer's unread digest if still unread. */
  | { type: 'expert_replied'; messageId: string }
  /** A customer's message to the expert holding the task; delayed and checked as `expert_replied`. */
  | { type: 'customer_replied'; messageId: string }
  /** Money received or refunded on a task (a payment ledger entry): its customer gets a receipt (docs/decisions/093-payments.md). */
  | { type: 'payment_received'; entryId: string };

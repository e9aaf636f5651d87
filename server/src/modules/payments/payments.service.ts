import type { PaymentKind, PaymentLedger, TaskPayment, WorkEstimate } from '@unstuck/contract';
import { formatMinorUnits } from '@unstuck/contract';
import type { AppDeps } from '../../app-deps.ts';
import type { Db } from '../../db/client.ts';
import { recordAudit, type AuditActor } from '../audit/audit.service.ts';
import { findTask } from '../tasks/tasks.service.ts';
import { afterDeposit, balanceFor, newPlan, toTaskPayment } from './payment-plan.ts';
import { hoursRequired } from './payments.errors.ts';
import {
  findPlans,
  insertEntry,
  insertPlan,
  listEntries,
  lockPlan,
  updatePlan,
  type PaymentEntryRow,
  type PaymentPlanRow,
} from './payments.repository.ts';

// Paying for the work (docs/decisions/093-payments.md, issue 32): a plan per accepted task, a deposit at
// acceptance and the balance at Done, in integer minor units of AGENT_CURRENCY computed here only. Every
// change is an audit entry; money received is an event line in the conversation and a receipt by email.

export type PaymentDeps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'emails' | 'taskConversations'>;

/** Stripe, for the entries and audit lines its webhook causes. */
export const STRIPE_ACTOR: AuditActor = { id: 'stripe', email: null };

/**
 * Makes the task's plan when its proposal is accepted, payments on and the proposal priced (call in the
 * acceptance's transaction). A proposal without an estimate gets no plan: there is nothing to charge.
 * @returns whether the work waits for the deposit (PAYMENT_BEFORE_WORK and a deposit above zero): the
 *   experts' new-task email is then sent once it is paid or waived, not now.
 */
export async function openPaymentPlan(
  deps: Pick<AppDeps, 'config'>,
  tx: Db,
  taskId: string,
  estimate: WorkEstimate | null,
): Promise<{ workWaits: boolean }> {
  if (!deps.config.PAYMENTS_PROVIDER || !estimate) return { workWaits: false };
  const plan = await insertPlan(tx, { taskId, ...newPlan(deps.config, estimate) });
  return { workWaits: deps.config.PAYMENT_BEFORE_WORK && plan.status === 'awaiting_deposit' };
}

/** @returns the plans of these tasks as their customer and expert read them, by task id (tasks without one left out). */
export async function viewPayments(db: Db, taskIds: readonly string[]): Promise<Map<string, TaskPayment>> {
  const plans = await findPlans(db, taskIds);
  return new Map([...plans].map(([taskId, plan]) => [taskId, toTaskPayment(plan)]));
}

/**
 * Of these tasks, those whose work waits for the deposit (PAYMENT_BEFORE_WORK): the expert workspace leaves
 * them out until it is paid or waived. Empty when work does not wait.
 */
export async function tasksAwaitingDeposit(deps: Pick<AppDeps, 'db' | 'config'>, taskIds: readonly string[]): Promise<Set<string>> {
  if (!deps.config.PAYMENT_BEFORE_WORK) return new Set();
  const plans = await findPlans(deps.db, taskIds);
  return new Set([...plans.values()].filter((plan) => plan.status === 'awaiting_deposit').map((plan) => plan.taskId));
}

/**
 * The expert marked the task done after `hours` whole hours (call in that transaction): the balance is
 * set (docs/decisions/093-payments.md) while money is still owed; a plan paid, refunded or waived is left
 * as it is. A task without a plan ignores `hours`.
 * @throws AppError 400 when the task has a plan and `hours` is missing.
 */
export async function settleAtDone(
  deps: Pick<AppDeps, 'clock'>,
  tx: Db,
  actor: AuditActor,
  taskId: string,
  hours: number | undefined,
): Promise<void> {
  const plan = await lockPlan(tx, taskId);
  if (!plan) return;
  if (hours === undefined) throw hoursRequired();
  if (!['awaiting_deposit', 'deposit_paid', 'awaiting_balance'].includes(plan.status)) return;
  const balanceMinor = balanceFor(plan, hours);
  const status = plan.status === 'awaiting_deposit' ? plan.status : afterDeposit(balanceMinor);
  await updatePlan(tx, taskId, { hoursWorked: hours, balanceMinor, status });
  await recordAudit(
    tx,
    actor,
    { action: 'payment.balance', targetType: 'task', targetId: taskId, details: { hours, balanceMinor, status } },
    deps.clock.now(),
  );
}

/** Where a ledger entry comes from. */
export interface EntrySource {
  provider: 'manual' | 'stripe';
  actor: AuditActor;
  /** The Stripe event (once per id), when it comes from one. */
  externalId?: string;
  paymentIntent?: string;
}

const KIND_WORDS = { deposit: 'Deposit', balance: 'Balance', refund: 'Refund', waiver: 'Waived' } as const;

/**
 * Stores a ledger entry with its audit line and, for money received or refunded, the event line in the
 * conversation and the receipt email (call in the change's transaction).
 * @returns the entry, or null when its Stripe event was recorded before (nothing else is done then).
 */
async function addEntry(
  deps: PaymentDeps,
  tx: Db,
  plan: PaymentPlanRow,
  kind: PaymentEntryRow['kind'],
  amountMinor: number,
  source: EntrySource,
): Promise<PaymentEntryRow | null> {
  const now = deps.clock.now();
  const entry = await insertEntry(tx, {
    taskId: plan.taskId,
    kind,
    amountMinor,
    currency: plan.currency,
    provider: source.provider,
    actorEmail: source.actor === STRIPE_ACTOR ? null : source.actor.email,
    externalId: source.externalId ?? null,
    paymentIntent: source.paymentIntent ?? null,
    createdAt: now,
  });
  if (!entry) return null;
  await recordAudit(
    tx,
    source.actor,
    {
      action: `payment.${kind}`,
      targetType: 'task',
      targetId: plan.taskId,
      details: { amountMinor, currency: plan.currency, provider: source.provider },
    },
    now,
  );
  const task = await findTask(tx, plan.taskId);
  if (task) {
    const amount = formatMinorUnits(amountMinor, plan.currency);
    const content =
      kind === 'waiver' ? `${amount} waived` : kind === 'refund' ? `${amount} refunded` : `${KIND_WORDS[kind]} of ${amount} received`;
    await deps.taskConversations.insertEventLine(tx, {
      conversationId: task.conversationId,
      recipientId: task.userId,
      content,
      event: { kind: 'payment', status: task.status, expert_name: null, score: null },
      read: false,
      now,
    });
  }
  if (kind !== 'waiver') await deps.emails.enqueue({ type: 'payment_received', entryId: entry.id }, tx);
  return entry;
}

/**
 * Money for the amount of `kind` arrived (an admin's "received", or Stripe's completed Checkout): the ledger
 * gets it and the plan moves on when that amount was due. A deposit that let the work start queues the
 * experts' new-task email. Call in a transaction; wake the email queue after it commits.
 * @returns false when nothing was recorded (no plan, or the Stripe event was recorded before).
 */
export async function recordReceived(
  deps: PaymentDeps,
  tx: Db,
  taskId: string,
  kind: PaymentKind,
  amountMinor: number | null,
  source: EntrySource,
): Promise<boolean> {
  const plan = await lockPlan(tx, taskId);
  if (!plan) return false;
  const expected = kind === 'deposit' ? plan.depositMinor : (plan.balanceMinor ?? 0);
  const entry = await addEntry(deps, tx, plan, kind, amountMinor ?? expected, source);
  if (!entry) return false;
  if (kind === 'deposit' && plan.status === 'awaiting_deposit') {
    await updatePlan(tx, taskId, { status: afterDeposit(plan.balanceMinor) });
    await releaseWork(deps, tx, taskId);
  } else if (kind === 'balance' && plan.status === 'awaiting_balance') {
    await updatePlan(tx, taskId, { status: 'paid' });
  }
  return true;
}

/** The deposit is settled: when work waited for it, the experts hear of the task now (their new-task digest). */
async function releaseWork(deps: PaymentDeps, tx: Db, taskId: string): Promise<void> {
  if (!deps.config.PAYMENT_BEFORE_WORK) return;
  await deps.emails.enqueue({ type: 'new_tasks', taskId }, tx, { delaySeconds: deps.config.EMAIL_NEW_TASKS_DIGEST_SECONDS });
}

/**
 * What is still due is waived (an admin's decision): nothing more is owed and work may start.
 * @returns false when nothing was due.
 */
export async function waiveDue(deps: PaymentDeps, tx: Db, plan: PaymentPlanRow, actor: AuditActor): Promise<boolean> {
  if (!['awaiting_deposit', 'deposit_paid', 'awaiting_balance'].includes(plan.status)) return false;
  const due = plan.status === 'awaiting_deposit' ? plan.depositMinor : plan.status === 'awaiting_balance' ? (plan.balanceMinor ?? 0) : 0;
  await addEntry(deps, tx, plan, 'waiver', due, { provider: 'manual', actor });
  await updatePlan(tx, plan.taskId, { status: 'waived' });
  if (plan.status === 'awaiting_deposit') await releaseWork(deps, tx, plan.taskId);
  return true;
}

/** @returns the amount received and not refunded yet, and the received entries it came through. */
export async function refundable(db: Db, taskId: string): Promise<{ amountMinor: number; received: PaymentEntryRow[] }> {
  const entries = await listEntries(db, taskId);
  const received = entries.filter((entry) => entry.kind === 'deposit' || entry.kind === 'balance');
  const refunded = entries.filter((entry) => entry.kind === 'refund').reduce((sum, entry) => sum + entry.amountMinor, 0);
  return { amountMinor: received.reduce((sum, entry) => sum + entry.amountMinor, 0) - refunded, received };
}

/**
 * Everything received is refunded (an admin's refund, or Stripe's `charge.refunded`): the plan ends
 * `refunded` with a refund entry. A plan already refunded is left as it is.
 * @returns false when nothing was recorded.
 */
export async function recordRefund(deps: PaymentDeps, tx: Db, taskId: string, source: EntrySource): Promise<boolean> {
  const plan = await lockPlan(tx, taskId);
  if (!plan || plan.status === 'refunded') return false;
  const { amountMinor } = await refundable(tx, taskId);
  if (amountMinor <= 0) return false;
  const entry = await addEntry(deps, tx, plan, 'refund', amountMinor, source);
  if (!entry) return false;
  await updatePlan(tx, taskId, { status: 'refunded' });
  return true;
}

/** `GET /api/admin/tasks/{id}/payment`: the task's plan and ledger (the admin task card). */
export async function readLedger(db: Db, taskId: string): Promise<PaymentLedger> {
  const plan = (await findPlans(db, [taskId])).get(taskId);
  const entries = await listEntries(db, taskId);
  return {
    plan: plan ? toTaskPayment(plan) : null,
    entries: entries.map((entry) => ({
      id: entry.id,
      kind: entry.kind,
      amountMinor: entry.amountMinor,
      currency: entry.currency,
      provider: entry.provider,
      actorEmail: entry.actorEmail,
      createdAt: entry.createdAt.toISOString(),
    })),
  };
}

export { findPlan, lockPlan, type PaymentPlanRow } from './payments.repository.ts';

import type { PaymentActionRequest, PaymentLedger } from '@unstuck/contract';
import type { AuditActor } from '../audit/audit.service.ts';
import { amountDue } from './payment-plan.ts';
import { nothingDue, paymentActionRefused, paymentNotFound } from './payments.errors.ts';
import { lockPlan, readLedger, recordReceived, recordRefund, waiveDue, type PaymentDeps } from './payments.service.ts';
import { refundThroughStripe } from './stripe-payments.ts';

/**
 * `POST /api/admin/tasks/{id}/payment`: an admin records the amount due as received (manual provider
 * only: Stripe says so itself), waives what is still due, or refunds everything received (through Stripe
 * for what was paid there). Each is a ledger entry, an audit line and an event line.
 * @returns the plan and ledger after the change.
 * @throws AppError 404 when the task has no plan; 409 when nothing is due (received, waived), nothing
 *   was received (refunded), or "received" with the Stripe provider.
 */
export async function actOnPayment(
  deps: PaymentDeps,
  admin: AuditActor,
  taskId: string,
  action: PaymentActionRequest['action'],
): Promise<PaymentLedger> {
  if (action === 'refunded' && deps.config.PAYMENTS_PROVIDER === 'stripe') {
    // The refund goes to Stripe first: when it refuses, nothing is recorded.
    if (!(await lockPlan(deps.db, taskId))) throw paymentNotFound();
    const paymentIntent = await refundThroughStripe(deps, taskId);
    const done = await deps.db.transaction((tx) => recordRefund(deps, tx, taskId, { provider: 'stripe', actor: admin, paymentIntent }));
    if (!done) throw paymentActionRefused('Nothing was received on this task to refund');
  } else {
    await deps.db.transaction(async (tx) => {
      const plan = await lockPlan(tx, taskId);
      if (!plan) throw paymentNotFound();
      const source = { provider: 'manual' as const, actor: admin };
      if (action === 'received') {
        if (deps.config.PAYMENTS_PROVIDER !== 'manual') throw paymentActionRefused('Stripe records card payments itself');
        const due = amountDue(plan);
        if (!due) throw nothingDue('payment');
        await recordReceived(deps, tx, taskId, due.kind, due.amountMinor, source);
      } else if (action === 'waived') {
        if (!(await waiveDue(deps, tx, plan, admin))) throw nothingDue('payment');
      } else if (!(await recordRefund(deps, tx, taskId, source))) {
        throw paymentActionRefused('Nothing was received on this task to refund');
      }
    });
  }
  deps.emails.wake();
  return readLedger(deps.db, taskId);
}

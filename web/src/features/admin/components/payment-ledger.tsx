import { formatMinorUnits, type PaymentEntry } from '@unstuck/contract';
import { InlineSpinner } from '../../../components/spinner.tsx';
import { formatTimestamp } from '../../../lib/format.ts';
import { paymentDue, paymentStatusText } from '../../../lib/payments.ts';
import { usePaymentsConfig } from '../../../lib/product-config.ts';
import { adminErrorText } from '../api/admin-errors.ts';
import { useTaskPayment, useTaskPaymentAction } from '../api/task-payment.ts';

const ENTRY_WORDS: Record<PaymentEntry['kind'], string> = {
  deposit: 'Deposit received',
  balance: 'Balance received',
  refund: 'Refunded',
  waiver: 'Waived',
};

/**
 * The task card's payment (docs/product.md "Payment"): where the plan stands, its ledger, and the admin's
 * actions: "Mark received" (manual provider), "Waive" while something is due, "Refund" once money came in.
 */
export function PaymentLedger({ taskId }: { taskId: string }) {
  const payments = usePaymentsConfig();
  const ledger = useTaskPayment(taskId);
  const act = useTaskPaymentAction(taskId);
  if (ledger.isPending) return <InlineSpinner />;
  if (ledger.isError) return <p role="alert">{adminErrorText(ledger.error, 'Failed to fetch the payment')}</p>;
  const { plan, entries } = ledger.data;
  if (!plan) return <p>No payment plan</p>;
  const due = paymentDue(plan);
  const received = entries.some((entry) => entry.kind === 'deposit' || entry.kind === 'balance');
  return (
    <div className="payment-ledger">
      <p>{paymentStatusText(plan)}</p>
      {entries.length > 0 ? (
        <ul aria-label="Payment ledger">
          {entries.map((entry) => (
            <li key={entry.id}>
              {`${ENTRY_WORDS[entry.kind]}: ${formatMinorUnits(entry.amountMinor, entry.currency)} (${entry.provider}${entry.actorEmail ? `, ${entry.actorEmail}` : ''}), `}
              <time dateTime={entry.createdAt}>{formatTimestamp(entry.createdAt)}</time>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="button-row">
        {due && payments?.provider === 'manual' ? (
          <button
            type="button"
            className="button button--primary button--small"
            disabled={act.isPending}
            onClick={() => act.mutate('received')}
          >
            {`Mark ${due.kind} received`}
          </button>
        ) : null}
        {due || plan.status === 'deposit_paid' ? (
          <button
            type="button"
            className="button button--secondary button--small"
            disabled={act.isPending}
            onClick={() => act.mutate('waived')}
          >
            Waive
          </button>
        ) : null}
        {received && plan.status !== 'refunded' ? (
          <button
            type="button"
            className="button button--secondary button--small"
            disabled={act.isPending}
            onClick={() => act.mutate('refunded')}
          >
            Refund
          </button>
        ) : null}
      </div>
      {act.isError ? <p role="alert">{adminErrorText(act.error, 'The payment could not be changed')}</p> : null}
    </div>
  );
}

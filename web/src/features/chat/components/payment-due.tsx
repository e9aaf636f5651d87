import type { UserTask } from '@unstuck/contract';
import { isApiError } from '../../../lib/api-client.ts';
import { paymentDue, paymentStatusText } from '../../../lib/payments.ts';
import { usePaymentsConfig } from '../../../lib/product-config.ts';
import { useCheckout } from '../api/checkout.ts';

/**
 * Where the task's payment stands in the conversation (docs/product.md "Payment"): the amount due and, with
 * Stripe, "Pay the deposit" (or "Pay the balance"), which opens Stripe Checkout; with the manual provider,
 * the payment instructions. Nothing without a payment plan.
 */
export function PaymentDue({ task }: { task: UserTask }) {
  const payments = usePaymentsConfig();
  const checkout = useCheckout(task.id);
  if (!task.payment) return null;
  const due = paymentDue(task.payment);
  const waiting = task.payment.status === 'awaiting_deposit' && payments?.beforeWork;
  return (
    <section className="payment-due" aria-label="Payment">
      <p className="payment-due__status">{paymentStatusText(task.payment)}</p>
      {waiting ? <p className="payment-due__note">An expert starts once the deposit is paid.</p> : null}
      {due && payments?.provider === 'stripe' ? (
        <button
          type="button"
          className="button button--primary button--small"
          disabled={checkout.isPending}
          onClick={() => checkout.mutate(due.kind)}
        >
          {due.kind === 'deposit' ? 'Pay the deposit' : 'Pay the balance'}
        </button>
      ) : null}
      {due && payments?.provider === 'manual' && payments.instructions ? (
        <p className="payment-due__instructions pre-wrap">{`How to pay ${due.amount}: ${payments.instructions}`}</p>
      ) : null}
      {checkout.isError ? (
        <p role="alert">
          {isApiError(checkout.error) ? (checkout.error.detail ?? 'The payment could not start.') : 'The payment could not start.'}
        </p>
      ) : null}
    </section>
  );
}

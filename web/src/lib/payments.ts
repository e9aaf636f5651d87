import { formatMinorUnits, type TaskPayment } from '@unstuck/contract';

// How a task's payment plan reads (docs/product.md "Payment"): the amounts are the server's, in minor units.

/** The amount due now and which one, or null when nothing is due. */
export function paymentDue(payment: TaskPayment): { kind: 'deposit' | 'balance'; amount: string } | null {
  if (payment.status === 'awaiting_deposit') return { kind: 'deposit', amount: formatMinorUnits(payment.depositMinor, payment.currency) };
  if (payment.status === 'awaiting_balance' && payment.balanceMinor !== null) {
    return { kind: 'balance', amount: formatMinorUnits(payment.balanceMinor, payment.currency) };
  }
  return null;
}

/** One line saying where the payment stands, e.g. "Deposit due: $190.00", "Deposit paid: $190.00", "Paid in full". */
export function paymentStatusText(payment: TaskPayment): string {
  const deposit = formatMinorUnits(payment.depositMinor, payment.currency);
  switch (payment.status) {
    case 'awaiting_deposit':
      return `Deposit due: ${deposit}`;
    case 'deposit_paid':
      return `Deposit paid: ${deposit}`;
    case 'awaiting_balance':
      return `Balance due: ${formatMinorUnits(payment.balanceMinor ?? 0, payment.currency)}`;
    case 'paid':
      return 'Paid in full';
    case 'refunded':
      return 'Refunded';
    case 'waived':
      return 'Payment waived';
  }
}

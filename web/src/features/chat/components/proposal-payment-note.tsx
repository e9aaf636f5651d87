import { formatMinorUnits, toMinorUnits, type WorkEstimate } from '@unstuck/contract';
import { usePaymentsConfig } from '../../../lib/product-config.ts';

/**
 * What accepting costs now, on a proposal card while payments are on: the deposit is the estimate's low
 * price, the server's own figure in the message (docs/product.md "Payment").
 */
export function ProposalPaymentNote({ estimate }: { estimate: WorkEstimate }) {
  const payments = usePaymentsConfig();
  if (!payments) return null;
  const deposit = formatMinorUnits(toMinorUnits(estimate.priceLow, estimate.currency), estimate.currency);
  return (
    <p className="proposal__payment">{`Due at acceptance: a deposit of ${deposit} (the low end of the estimate); the balance follows the hours worked.`}</p>
  );
}

import type { PaymentKind, PaymentStatus, TaskPayment, WorkEstimate } from '@unstuck/contract';
import { toMinorUnits } from '@unstuck/contract';
import type { Config } from '../../config.ts';
import type { PaymentPlanRow } from './payments.repository.ts';

// The arithmetic of a payment plan (docs/decisions/093-payments.md, issue 32), pure: integers in minor units only.

/** What a plan starts with when a proposal with `estimate` is accepted: the deposit is its low price. */
export function newPlan(config: Pick<Config, 'AGENT_CURRENCY' | 'AGENT_HOURLY_RATE'>, estimate: WorkEstimate) {
  const currency = config.AGENT_CURRENCY;
  const depositMinor = toMinorUnits(estimate.priceLow, currency);
  const status: PaymentStatus = depositMinor === 0 ? 'deposit_paid' : 'awaiting_deposit';
  return { currency, rateMinor: toMinorUnits(config.AGENT_HOURLY_RATE, currency), hoursHigh: estimate.hoursHigh, depositMinor, status };
}

/**
 * The balance at Done: `min(hours, the proposal's high hours) × rate − deposit`, never negative (more than
 * the high end needs the customer's approval as a new proposal version, so it is not charged here).
 */
export const balanceFor = (plan: Pick<PaymentPlanRow, 'hoursHigh' | 'rateMinor' | 'depositMinor'>, hours: number): number =>
  Math.max(0, Math.min(hours, plan.hoursHigh) * plan.rateMinor - plan.depositMinor);

/** The status once the deposit is settled: the balance is due when it is known and above zero. */
export const afterDeposit = (balanceMinor: number | null): PaymentStatus =>
  balanceMinor === null ? 'deposit_paid' : balanceMinor > 0 ? 'awaiting_balance' : 'paid';

/** Which amount is due now and how much, or null when nothing is. */
export function amountDue(plan: PaymentPlanRow): { kind: PaymentKind; amountMinor: number } | null {
  if (plan.status === 'awaiting_deposit') return { kind: 'deposit', amountMinor: plan.depositMinor };
  if (plan.status === 'awaiting_balance') return { kind: 'balance', amountMinor: plan.balanceMinor ?? 0 };
  return null;
}

/** A plan as customers and experts read it. */
export const toTaskPayment = (plan: PaymentPlanRow): TaskPayment => ({
  status: plan.status,
  depositMinor: plan.depositMinor,
  balanceMinor: plan.balanceMinor,
  currency: plan.currency,
});

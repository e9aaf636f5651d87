import { z } from 'zod';

// Paying for the work (docs/decisions/093-payments.md): a deposit at acceptance and the balance once the
// expert marks the task done, in integer minor units of AGENT_CURRENCY, computed by the server only.

/**
 * Where a task's payment plan stands: the deposit is due, paid, the balance is due, everything is
 * paid; or an admin refunded what was paid, or waived what was still due (nothing more is owed).
 */
export const paymentStatusSchema = z.enum(['awaiting_deposit', 'deposit_paid', 'awaiting_balance', 'paid', 'refunded', 'waived']);
export type PaymentStatus = z.infer<typeof paymentStatusSchema>;

/** The two amounts a customer pays. */
export const paymentKindSchema = z.enum(['deposit', 'balance']);
export type PaymentKind = z.infer<typeof paymentKindSchema>;

/**
 * A task's payment plan as its customer and its expert see it; amounts in minor units of `currency`
 * (cents for USD, yen for JPY). `balanceMinor` is null until the expert marks the task done.
 */
export const taskPaymentSchema = z.object({
  status: paymentStatusSchema,
  depositMinor: z.number().int().nonnegative(),
  balanceMinor: z.number().int().nonnegative().nullable(),
  currency: z.string().length(3),
});
export type TaskPayment = z.infer<typeof taskPaymentSchema>;

/** Body of `POST /api/v2/tasks/{id}/checkout`: which amount to pay. */
export const checkoutRequestSchema = z.object({
  kind: paymentKindSchema,
});
export type CheckoutRequest = z.infer<typeof checkoutRequestSchema>;

/** Answer of `POST /api/v2/tasks/{id}/checkout`: the Stripe Checkout page to send the customer to. */
export const checkoutResponseSchema = z.object({ url: z.string() });
export type CheckoutResponse = z.infer<typeof checkoutResponseSchema>;

/** `{id}` of the payment calls: a task's id. */
export const paymentTaskParamsSchema = z.object({ id: z.string().uuid('id must be a UUID') });

/** One line of a task's payment ledger: money received, refunded, or an amount waived, by whom and through what. */
export const paymentEntrySchema = z.object({
  id: z.string(),
  kind: z.enum(['deposit', 'balance', 'refund', 'waiver']),
  amountMinor: z.number().int().nonnegative(),
  currency: z.string().length(3),
  provider: z.enum(['manual', 'stripe']),
  /** The admin who recorded it (manual), null for Stripe's own events. */
  actorEmail: z.string().nullable(),
  createdAt: z.string(),
});
export type PaymentEntry = z.infer<typeof paymentEntrySchema>;

/** `GET /api/admin/tasks/{id}/payment`: the plan and its ledger (the admin task card); `plan` null when the task has none. */
export const paymentLedgerSchema = z.object({
  plan: taskPaymentSchema.nullable(),
  entries: z.array(paymentEntrySchema),
});
export type PaymentLedger = z.infer<typeof paymentLedgerSchema>;

/**
 * Body of `POST /api/admin/tasks/{id}/payment`: an admin records the amount due as received (manual
 * provider), waives what is still due, or refunds everything paid (through Stripe when it was paid there).
 */
export const paymentActionRequestSchema = z.object({
  action: z.enum(['received', 'waived', 'refunded'], { error: 'action must be received, waived or refunded' }),
});
export type PaymentActionRequest = z.infer<typeof paymentActionRequestSchema>;

/** How payments work on this server (`GET /api/config`): off (null), or the provider and what the customer reads. */
export const publicPaymentsSchema = z
  .object({
    provider: z.enum(['manual', 'stripe']),
    /** PAYMENT_INSTRUCTIONS (manual provider), e.g. bank transfer details; empty when none are set. */
    instructions: z.string(),
    /** Whether the expert starts only once the deposit is paid (PAYMENT_BEFORE_WORK). */
    beforeWork: z.boolean(),
  })
  .nullable();
export type PublicPayments = z.infer<typeof publicPaymentsSchema>;

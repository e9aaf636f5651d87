import { AppError, badRequest, conflict, notFound } from '../../lib/errors.ts';

// Errors about payments (docs/decisions/024-error-codes.md, 093-payments.md).

/** 404: payments are off, or the task is unknown, not the caller's, or has no payment plan. */
export const paymentNotFound = () => notFound('This task has no payment to make');

/** 409: nothing of this kind is due now (already paid, not done yet, refunded or waived). */
export const nothingDue = (kind: string) => conflict(`No ${kind} is due on this task`);

/** 409: the action does not fit the provider or the plan (card payments with the manual provider, a refund of nothing). */
export const paymentActionRefused = (detail: string) => conflict(detail);

/** 400: marking a task with a payment plan done needs the hours worked, which set the balance. */
export const hoursRequired = () => badRequest('hours is required to mark a task with a payment plan done');

/** 400: the webhook's Stripe-Signature does not verify against STRIPE_WEBHOOK_SECRET. */
export const badSignature = () => badRequest('The Stripe-Signature header does not verify');

/** 502: Stripe refused or did not answer a call (a Checkout Session, a refund); nothing was recorded. */
export const stripeFailed = () => new AppError('upstream_failed', 502, 'The payment provider did not answer; try again in a moment');

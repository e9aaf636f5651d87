import type { CheckoutResponse, PaymentKind } from '@unstuck/contract';
import type Stripe from 'stripe';
import type { Caller } from '../../lib/caller.ts';
import { findTask } from '../tasks/tasks.service.ts';
import { amountDue } from './payment-plan.ts';
import { badSignature, nothingDue, paymentActionRefused, paymentNotFound } from './payments.errors.ts';
import { findTaskOfIntent } from './payments.repository.ts';
import { findPlan, recordReceived, recordRefund, refundable, STRIPE_ACTOR, type PaymentDeps } from './payments.service.ts';
import { callStripe, stripeOf } from './stripe-client.ts';

// Stripe Checkout (docs/decisions/094-stripe-checkout.md): the customer pays on Stripe's page; Stripe's
// signed webhook says when the money arrived, expired or went back. Nothing is paid on the client's word.

/**
 * `POST /api/v2/tasks/{id}/checkout`: a Checkout Session for the amount of `kind` due on the caller's task,
 * with the task in `metadata` and `client_reference_id`, and the way back to the conversation. The same
 * task, kind and amount always use the same idempotency key: a second click gets the same session.
 * @param origin where people reach this server (PUBLIC_URL, else the request's).
 * @throws AppError 404 payments off, unknown or foreign task, no plan; 409 with the manual provider or
 *   when that amount is not due.
 */
export async function createCheckout(
  deps: PaymentDeps,
  caller: Caller,
  taskId: string,
  kind: PaymentKind,
  origin: string,
): Promise<CheckoutResponse> {
  if (!deps.config.PAYMENTS_PROVIDER) throw paymentNotFound();
  const task = await findTask(deps.db, taskId);
  if (!task || task.userId !== caller.id) throw paymentNotFound();
  const plan = await findPlan(deps.db, taskId);
  if (!plan) throw paymentNotFound();
  if (deps.config.PAYMENTS_PROVIDER !== 'stripe') throw paymentActionRefused('Card payments are off: pay as the payment instructions say');
  const due = amountDue(plan);
  if (!due || due.kind !== kind || due.amountMinor <= 0) throw nothingDue(kind);
  const back = `${origin}/messages?conversation=${encodeURIComponent(task.conversationId)}`;
  const metadata = { taskId, kind };
  const stripe = stripeOf(deps.config);
  const session = await callStripe(() =>
    stripe.checkout.sessions.create(
      {
        mode: 'payment',
        client_reference_id: taskId,
        metadata,
        payment_intent_data: { metadata },
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: plan.currency.toLowerCase(),
              unit_amount: due.amountMinor,
              product_data: { name: `${kind === 'deposit' ? 'Deposit' : 'Balance'}: ${task.title}`.slice(0, 250) },
            },
          },
        ],
        success_url: `${back}&payment=paid`,
        cancel_url: `${back}&payment=cancelled`,
      },
      { idempotencyKey: `checkout:${taskId}:${kind}:${due.amountMinor}` },
    ),
  );
  if (!session.url) throw new Error('Stripe answered a Checkout Session without a URL');
  return { url: session.url };
}

/**
 * Refunds through Stripe every payment of the task that went through it (one refund per PaymentIntent,
 * idempotent per ledger entry). Call before recording the refund, in its transaction.
 */
export async function refundThroughStripe(deps: PaymentDeps, taskId: string): Promise<string | undefined> {
  const { received } = await refundable(deps.db, taskId);
  const intents = received.filter((entry) => entry.paymentIntent !== null);
  const stripe = stripeOf(deps.config);
  for (const entry of intents) {
    await callStripe(() => stripe.refunds.create({ payment_intent: entry.paymentIntent! }, { idempotencyKey: `refund:${entry.id}` }));
  }
  return intents[0]?.paymentIntent ?? undefined;
}

const idOf = (value: string | { id: string } | null): string | null => (typeof value === 'string' ? value : (value?.id ?? null));

/**
 * `POST /api/payments/stripe/webhook`: verifies `Stripe-Signature` against STRIPE_WEBHOOK_SECRET on the
 * raw body with the library's `constructEvent`, then: `checkout.session.completed` (paid) records the
 * payment once per event id; `checkout.session.expired` changes nothing (the amount stays due);
 * `charge.refunded` records the refund. Other events are acknowledged and ignored.
 * @throws AppError 400 when the signature does not verify (nothing changes), 404 when Stripe is not the provider.
 */
export async function receiveStripeEvent(deps: PaymentDeps, rawBody: Buffer, signature: string | undefined): Promise<void> {
  if (deps.config.PAYMENTS_PROVIDER !== 'stripe' || !deps.config.STRIPE_WEBHOOK_SECRET) throw paymentNotFound();
  let event: Stripe.Event;
  try {
    event = stripeOf(deps.config).webhooks.constructEvent(rawBody, signature ?? '', deps.config.STRIPE_WEBHOOK_SECRET);
  } catch {
    throw badSignature();
  }
  let changed = false;
  if (event.type === 'checkout.session.completed' && event.data.object.payment_status === 'paid') {
    const session = event.data.object;
    const taskId = session.metadata?.taskId ?? session.client_reference_id;
    const kind = session.metadata?.kind;
    if (!taskId || (kind !== 'deposit' && kind !== 'balance')) return;
    const source = {
      provider: 'stripe' as const,
      actor: STRIPE_ACTOR,
      externalId: event.id,
      paymentIntent: idOf(session.payment_intent) ?? undefined,
    };
    changed = await deps.db.transaction((tx) => recordReceived(deps, tx, taskId, kind, session.amount_total, source));
  } else if (event.type === 'charge.refunded') {
    const intent = idOf(event.data.object.payment_intent);
    const taskId = intent ? await findTaskOfIntent(deps.db, intent) : null;
    if (!taskId) return;
    const source = { provider: 'stripe' as const, actor: STRIPE_ACTOR, externalId: event.id, paymentIntent: intent ?? undefined };
    changed = await deps.db.transaction((tx) => recordRefund(deps, tx, taskId, source));
  }
  if (changed) deps.emails.wake();
}

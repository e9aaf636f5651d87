import type { SessionResponse } from '@unstuck/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import { callJson } from '../support/http.ts';
import { signInPerson, signInStaff, STAFF_ENV } from '../support/staff.ts';
import { startStripeServer, type StripeServer } from '../support/stripe-server.ts';
import { useTestApp } from '../support/test-app.ts';
import { acceptTask, customerTask, finishWork, inWorkspace, paymentLines } from './payment-flow.ts';

const WEBHOOK_SECRET = 'whsec_test_payments';
const env: Record<string, string> = {
  ...STAFF_ENV,
  PAYMENTS_PROVIDER: 'stripe',
  STRIPE_SECRET_KEY: 'sk_test_payments',
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  PUBLIC_URL: 'https://unstuck.test',
};
let stripe: StripeServer;
beforeAll(async () => {
  stripe = await startStripeServer(WEBHOOK_SECRET);
  env.STRIPE_API_URL = stripe.url;
});
afterAll(() => stripe.close());

describe('paying through Stripe Checkout', () => {
  const t = useTestApp(env);
  let people: Awaited<ReturnType<typeof signInStaff>>;
  let customer: SessionResponse;
  beforeAll(async () => {
    people = await signInStaff(t);
    customer = await signInPerson(t, 'customer');
  });

  const checkout = (taskId: string, kind: 'deposit' | 'balance', who = customer) =>
    callJson({ app: t.app }, 'POST', `/api/v2/tasks/${taskId}/checkout`, { token: who.token }, { kind });
  const deliver = (delivery: { payload: string; signature: string }) =>
    t.app.inject({
      method: 'POST',
      url: '/api/payments/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': delivery.signature },
      payload: delivery.payload,
    });
  const ledger = async (taskId: string) =>
    (await callJson({ app: t.app }, 'GET', `/api/admin/tasks/${taskId}/payment`, { token: people.admin.token })).body;
  const lastSession = () => [...stripe.sessions.values()].at(-1)!;

  it('takes the deposit, then the balance, each once per Stripe event, and refunds through Stripe', async () => {
    const { conversationId, taskId, estimate } = await acceptTask(t, customer);
    const deposit = estimate.priceLow * 100;
    expect((await customerTask(t, customer, conversationId)).payment).toEqual({
      status: 'awaiting_deposit',
      depositMinor: deposit,
      balanceMinor: null,
      currency: 'USD',
    });
    // Work waits for the deposit (PAYMENT_BEFORE_WORK defaults to true with a provider).
    expect(await inWorkspace(t, people.expert, taskId)).toBe(false);

    const session = await checkout(taskId, 'deposit');
    expect(session.status).toBe(200);
    const created = stripe.calls.at(-1)!;
    expect(created).toMatchObject({
      method: 'POST',
      path: '/v1/checkout/sessions',
      headers: expect.objectContaining({ 'idempotency-key': `checkout:${taskId}:deposit:${deposit}` }),
      form: expect.objectContaining({
        mode: 'payment',
        client_reference_id: taskId,
        'metadata[taskId]': taskId,
        'metadata[kind]': 'deposit',
        'line_items[0][price_data][unit_amount]': String(deposit),
        'line_items[0][price_data][currency]': 'usd',
        success_url: `https://unstuck.test/messages?conversation=${conversationId}&payment=paid`,
        cancel_url: `https://unstuck.test/messages?conversation=${conversationId}&payment=cancelled`,
      }),
    });
    expect(session.body).toEqual({ url: lastSession().url });
    // A second click is the same session (the idempotency key), not a second charge.
    expect((await checkout(taskId, 'deposit')).body).toEqual(session.body);
    expect(stripe.sessions.size).toBe(1);
    expect((await checkout(taskId, 'balance')).status).toBe(409);

    const paid = stripe.completed(lastSession().id);
    expect((await deliver(paid)).statusCode).toBe(200);
    expect((await customerTask(t, customer, conversationId)).payment.status).toBe('deposit_paid');
    expect(await paymentLines(t, customer, conversationId)).toEqual([`Deposit of $${estimate.priceLow}.00 received`]);
    expect(await inWorkspace(t, people.expert, taskId)).toBe(true);

    // The same event again changes nothing.
    expect((await deliver(paid)).statusCode).toBe(200);
    expect((await ledger(taskId)).entries).toHaveLength(1);
    expect(await paymentLines(t, customer, conversationId)).toHaveLength(1);

    // Done after more hours than the high end: the balance stops at the high end.
    const done = await finishWork(t, people.expert, taskId, estimate.hoursHigh + 5);
    expect(done.status).toBe(200);
    const balance = estimate.hoursHigh * 100 * 100 - deposit;
    expect(done.body.payment).toEqual({ status: 'awaiting_balance', depositMinor: deposit, balanceMinor: balance, currency: 'USD' });
    expect((await checkout(taskId, 'balance')).status).toBe(200);
    expect(stripe.calls.at(-1)!.form['line_items[0][price_data][unit_amount]']).toBe(String(balance));
    expect((await deliver(stripe.completed(lastSession().id))).statusCode).toBe(200);
    expect((await customerTask(t, customer, conversationId)).payment.status).toBe('paid');

    const refund = await callJson(
      { app: t.app },
      'POST',
      `/api/admin/tasks/${taskId}/payment`,
      { token: people.admin.token },
      { action: 'refunded' },
    );
    expect(refund.status).toBe(200);
    const refunds = stripe.calls.filter((call) => call.path === '/v1/refunds');
    expect(refunds.map((call) => call.form.payment_intent).sort()).toEqual(['pi_test_1', 'pi_test_2']);
    expect(refund.body.plan.status).toBe('refunded');
    expect(refund.body.entries.map((entry: { kind: string; amountMinor: number }) => [entry.kind, entry.amountMinor])).toEqual([
      ['deposit', deposit],
      ['balance', balance],
      ['refund', deposit + balance],
    ]);
    // Stripe's own word of the refund afterwards records nothing more.
    expect((await deliver(stripe.refunded('pi_test_1'))).statusCode).toBe(200);
    expect((await ledger(taskId)).entries).toHaveLength(3);
  });

  it('refuses a webhook whose signature does not verify with 400 and changes nothing', async () => {
    const { conversationId, taskId } = await acceptTask(t, customer);
    await checkout(taskId, 'deposit');
    const forged = stripe.completed(lastSession().id, { secret: 'whsec_someone_else' });
    const answer = await deliver(forged);
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ code: 'invalid_request' });
    const tampered = stripe.completed(lastSession().id);
    expect((await deliver({ payload: tampered.payload.replace('"paid"', '"paid" '), signature: tampered.signature })).statusCode).toBe(400);
    expect((await customerTask(t, customer, conversationId)).payment.status).toBe('awaiting_deposit');
    expect((await ledger(taskId)).entries).toEqual([]);
  });

  it('leaves the deposit due when the Checkout Session expires', async () => {
    const { conversationId, taskId } = await acceptTask(t, customer);
    await checkout(taskId, 'deposit');
    const client = new Stripe('sk_test_payments', { host: '127.0.0.1', port: new URL(stripe.url).port, protocol: 'http' });
    await client.checkout.sessions.expire(lastSession().id);
    expect((await deliver(stripe.expired(lastSession().id))).statusCode).toBe(200);
    expect((await customerTask(t, customer, conversationId)).payment.status).toBe('awaiting_deposit');
    expect(await inWorkspace(t, people.expert, taskId)).toBe(false);
  });

  it('lets only the task’s customer open a Checkout', async () => {
    const { taskId } = await acceptTask(t, customer);
    expect((await checkout(taskId, 'deposit', people.user)).status).toBe(404);
    stripe.refuseNext();
    expect((await checkout(taskId, 'deposit')).status).toBe(502);
  });
});

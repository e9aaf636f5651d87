import type { SessionResponse } from '@unstuck/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { callJson } from '../support/http.ts';
import { signInPerson, signInStaff, STAFF_ENV } from '../support/staff.ts';
import { useTestApp } from '../support/test-app.ts';
import { acceptTask, customerTask, finishWork, inWorkspace, paymentLines } from './payment-flow.ts';

describe('the manual payment provider', () => {
  const t = useTestApp({ ...STAFF_ENV, PAYMENTS_PROVIDER: 'manual', PAYMENT_INSTRUCTIONS: 'IBAN DE00 1234 — reference your task title' });
  let people: Awaited<ReturnType<typeof signInStaff>>;
  let customer: SessionResponse;
  beforeAll(async () => {
    people = await signInStaff(t);
    customer = await signInPerson(t, 'customer');
  });
  const act = (taskId: string, action: string, who = people.admin) =>
    callJson({ app: t.app }, 'POST', `/api/admin/tasks/${taskId}/payment`, { token: who.token }, { action });

  it('tells the browser the instructions and that work waits for the deposit', async () => {
    const config = await callJson({ app: t.app }, 'GET', '/api/config', null);
    expect(config.body.payments).toEqual({
      provider: 'manual',
      instructions: 'IBAN DE00 1234 — reference your task title',
      beforeWork: true,
    });
  });

  it('starts the work once an admin marks the deposit received, then takes the balance at Done', async () => {
    const { conversationId, taskId, estimate } = await acceptTask(t, customer);
    expect(await inWorkspace(t, people.expert, taskId)).toBe(false);
    expect((await callJson({ app: t.app }, 'POST', `/api/expert/tasks/${taskId}/take`, { token: people.expert.token })).status).toBe(404);
    // Card payments are Stripe's: the manual provider has none.
    expect(
      (await callJson({ app: t.app }, 'POST', `/api/v2/tasks/${taskId}/checkout`, { token: customer.token }, { kind: 'deposit' })).status,
    ).toBe(409);

    const received = await act(taskId, 'received');
    expect(received.status).toBe(200);
    expect(received.body.entries).toEqual([
      expect.objectContaining({
        kind: 'deposit',
        amountMinor: estimate.priceLow * 100,
        provider: 'manual',
        actorEmail: people.admin.user.email,
      }),
    ]);
    expect((await customerTask(t, customer, conversationId)).payment.status).toBe('deposit_paid');
    expect(await inWorkspace(t, people.expert, taskId)).toBe(true);

    // Fewer hours than the deposit covers: nothing more is owed.
    const done = await finishWork(t, people.expert, taskId, 0);
    expect(done.body.payment).toMatchObject({ status: 'paid', balanceMinor: 0 });
    expect(await paymentLines(t, customer, conversationId)).toEqual([`Deposit of $${estimate.priceLow}.00 received`]);
    expect((await act(taskId, 'received')).status).toBe(409);

    const refunded = await act(taskId, 'refunded');
    expect(refunded.body.plan.status).toBe('refunded');
    expect((await act(taskId, 'refunded')).status).toBe(409);
    const audit = await callJson({ app: t.app }, 'GET', '/api/admin/audit-log?limit=100', { token: people.admin.token });
    const actions = audit.body.entries
      .filter((entry: { target_id: string }) => entry.target_id === taskId)
      .map((entry: { action: string }) => entry.action);
    expect(actions).toEqual(expect.arrayContaining(['payment.deposit', 'payment.balance', 'payment.refund']));
  });

  it('lets an admin waive the deposit, which starts the work too', async () => {
    const { conversationId, taskId } = await acceptTask(t, customer);
    const waived = await act(taskId, 'waived');
    expect(waived.body.plan.status).toBe('waived');
    expect(await inWorkspace(t, people.expert, taskId)).toBe(true);
    expect(await paymentLines(t, customer, conversationId)).toEqual([expect.stringMatching(/waived$/)]);
  });

  it('asks the expert for the hours worked when the task has a payment plan', async () => {
    const { taskId } = await acceptTask(t, customer);
    await act(taskId, 'received');
    await callJson({ app: t.app }, 'POST', `/api/expert/tasks/${taskId}/take`, { token: people.expert.token });
    const done = await callJson(
      { app: t.app },
      'POST',
      `/api/expert/tasks/${taskId}/status`,
      { token: people.expert.token },
      { status: 'DONE' },
    );
    expect(done).toMatchObject({ status: 400, body: { detail: 'hours is required to mark a task with a payment plan done' } });
  });

  it('keeps the ledger and the actions for admins', async () => {
    const { taskId } = await acceptTask(t, customer);
    expect((await act(taskId, 'received', people.expert)).status).toBe(403);
    expect((await act(taskId, 'received', customer)).status).toBe(403);
    expect((await callJson({ app: t.app }, 'GET', `/api/admin/tasks/${taskId}/payment`, { token: customer.token })).status).toBe(403);
  });
});

describe('payments left off', () => {
  const t = useTestApp(STAFF_ENV);

  it('change nothing: no plan, no waiting, no payments in the config', async () => {
    const people = await signInStaff(t);
    const customer = await signInPerson(t, 'customer');
    const { conversationId, taskId } = await acceptTask(t, customer);
    expect((await customerTask(t, customer, conversationId)).payment).toBeNull();
    expect(await inWorkspace(t, people.expert, taskId)).toBe(true);
    expect((await callJson({ app: t.app }, 'GET', '/api/config', null)).body.payments).toBeNull();
    expect(
      (await callJson({ app: t.app }, 'POST', `/api/v2/tasks/${taskId}/checkout`, { token: customer.token }, { kind: 'deposit' })).status,
    ).toBe(404);
  });
});

describe('payments on without PAYMENT_BEFORE_WORK', () => {
  const t = useTestApp({ ...STAFF_ENV, PAYMENTS_PROVIDER: 'manual', PAYMENT_BEFORE_WORK: 'false' });

  it('let the expert start before the deposit arrives', async () => {
    const people = await signInStaff(t);
    const customer = await signInPerson(t, 'customer');
    const { conversationId, taskId } = await acceptTask(t, customer);
    expect((await customerTask(t, customer, conversationId)).payment.status).toBe('awaiting_deposit');
    expect(await inWorkspace(t, people.expert, taskId)).toBe(true);
  });
});

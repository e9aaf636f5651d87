import type { SessionResponse } from '@unstuck/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeExpert, startMailingServer, waitForEventEmails, type MailingServer } from '../email/support.ts';
import { reachProposal } from '../support/agent-flow.ts';
import { callJson } from '../support/http.ts';
import { signInPerson } from '../support/staff.ts';

// Emails around a payment (docs/decisions/093-payments.md): the experts hear of a task only once its
// deposit is paid (PAYMENT_BEFORE_WORK), and the customer gets a receipt for money received.

describe('payment emails, with the manual provider', () => {
  let mailing: MailingServer;
  let expert: SessionResponse;

  beforeAll(async () => {
    mailing = await startMailingServer('pglite', { PAYMENTS_PROVIDER: 'manual', PAYMENT_INSTRUCTIONS: 'IBAN DE00 1234' });
    expert = await signInPerson(mailing.server, 'eve');
    // Skills no task here needs: every expert hears of a task nobody's skills fit.
    await makeExpert(mailing.server, mailing.admin, expert, ['COBOL']);
  }, 180_000);
  afterAll(() => mailing?.stop());

  it('tells the experts of the task once the deposit is received, and sends the customer a receipt', async () => {
    const { server, smtp, admin } = mailing;
    const customer = await signInPerson(server, 'customer');
    const { proposal } = await reachProposal(server.url, { token: customer.token });
    const accepted = await callJson(server.url, 'POST', `/api/v2/proposals/${proposal.id}/accept`, { token: customer.token });
    expect(accepted.status).toBe(200);
    const taskId = accepted.body.task_id as string;
    await smtp.waitFor(customer.user.email!);

    // While the deposit is due the acceptance calls for no new-task email: once every event of the task
    // has run (a delayed one included) and its emails left the queue, none went to the expert.
    await waitForEventEmails(server, taskId);
    expect(smtp.to(expert.user.email!)).toHaveLength(0);

    const received = await callJson(
      server.url,
      'POST',
      `/api/admin/tasks/${taskId}/payment`,
      { token: admin.token },
      { action: 'received' },
    );
    expect(received.status).toBe(200);
    const [digest] = await smtp.waitFor(expert.user.email!);
    expect(digest!.parsed.subject).toMatch(/^New task: /);
    const deposit = `$${proposal.metadata.intake.estimate.priceLow}.00`;
    const [, receipt] = await smtp.waitFor(customer.user.email!, 2);
    expect(receipt!.parsed.subject).toMatch(new RegExp(`^Receipt: \\${deposit} for `));
    expect(receipt!.parsed.text).toContain(`We received your deposit of ${deposit}`);
  }, 180_000);
});

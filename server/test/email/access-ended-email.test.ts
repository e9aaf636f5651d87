import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionResponse } from '@unstuck/contract';
import { databaseKinds } from '../support/databases.ts';
import { callJson, sendMessage } from '../support/http.ts';
import { seedTask } from '../support/seed.ts';
import type { TestSmtpServer } from '../support/smtp.ts';
import { signInPerson } from '../support/staff.ts';
import type { TestServer } from '../support/test-server.ts';
import {
  makeExpert,
  retryFailedSendsNow,
  startMailingServer,
  waitForEventEmails,
  waitForFailedAttempt,
  type MailingServer,
} from './support.ts';

// Emails stop with access (docs/decisions/081-access-ends-everywhere.md): an expert whose flag was
// removed hears nothing more of the conversations of the tasks they held, not even an email made
// before the flag went and still waiting to be sent (access is checked again at send time).

describe.each(databaseKinds)('emails once access ended on %s', { timeout: 90_000 }, (kind) => {
  let smtp: TestSmtpServer;
  let server: TestServer;
  let admin: SessionResponse;
  let mailing: MailingServer;

  beforeAll(async () => {
    mailing = await startMailingServer(kind, { EMAIL_UNREAD_DELAY_SECONDS: '1', AGENT_WORKER: 'false' });
    ({ smtp, server, admin } = mailing);
  });
  afterAll(() => mailing?.stop());

  /** A new expert holding a new task of a new customer, and what the customer and the admin do. */
  async function expertHoldingATask() {
    const expert = await signInPerson(server, 'expert');
    await makeExpert(server, admin, expert, ['React']);
    const customer = await signInPerson(server, 'customer');
    const { taskId, conversationId } = await seedTask(server.database.db, { ownerId: customer.user.uid });
    expect((await callJson(server.url, 'POST', `/api/expert/tasks/${taskId}/take`, { token: expert.token })).status).toBe(200);
    const customerWrites = async (content: string) =>
      (await sendMessage(server.url, { token: customer.token }, { content, conversationId })).body.id as string;
    const demote = async () =>
      expect(
        (
          await callJson(
            server.url,
            'POST',
            '/api/admin/users/set-expert',
            { token: admin.token },
            { userId: expert.user.uid, isExpert: false },
          )
        ).status,
      ).toBe(200);
    return { expert, customerWrites, demote };
  }

  it('a customer message left unread is not emailed to an expert whose flag was removed meanwhile', async () => {
    const { expert, customerWrites, demote } = await expertHoldingATask();
    const messageId = await customerWrites('The checkout crashes again, here is the stack trace');
    await demote();
    expect(await waitForEventEmails(server, messageId)).toEqual([]);
    expect(smtp.to(expert.user.email!)).toEqual([]);
  });

  it('an email made before the flag was removed is not sent after it', async () => {
    const { expert, customerWrites, demote } = await expertHoldingATask();
    await smtp.stop();
    let messageId: string;
    try {
      messageId = await customerWrites('Here is the admin password for the staging server');
      // Made and tried while the SMTP server was down: it waits for its retry.
      expect(await waitForFailedAttempt(server, expert.user.uid)).toMatchObject({ status: 'queued', template: 'customer-reply' });
      await demote();
    } finally {
      await smtp.start();
    }
    await retryFailedSendsNow(server);
    expect((await waitForEventEmails(server, messageId, 60_000)).map((row) => row.status)).toEqual(['skipped']);
    expect(smtp.to(expert.user.email!)).toEqual([]);
  });
});

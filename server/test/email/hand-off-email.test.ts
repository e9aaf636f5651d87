import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionResponse } from '@unstuck/contract';
import { databaseKinds } from '../support/databases.ts';
import { callJson, readMessages, sendMessage } from '../support/http.ts';
import { seedTask } from '../support/seed.ts';
import type { TestSmtpServer } from '../support/smtp.ts';
import { signInPerson } from '../support/staff.ts';
import type { TestServer } from '../support/test-server.ts';
import { linksOf, makeExpert, waitForEventEmails, expectSafeLinks, startMailingServer, type MailingServer } from './support.ts';

// The emails of the work with a human expert (docs/decisions/071-hand-off-emails.md): to the customer
// on assignment, on an expert reply still unread after EMAIL_UNREAD_DELAY_SECONDS, on done; to the
// expert holding the task on a customer reply still unread after the same delay.

describe.each(databaseKinds)('hand-off emails on %s', (kind) => {
  let smtp: TestSmtpServer;
  let server: TestServer;
  let publicUrl: string;
  let admin: SessionResponse;
  let expert: SessionResponse;
  let mailing: MailingServer;

  beforeAll(async () => {
    mailing = await startMailingServer(kind, { EMAIL_UNREAD_DELAY_SECONDS: '2' });
    ({ smtp, server, publicUrl, admin } = mailing);
    expert = await signInPerson(server, 'eve');
    await makeExpert(server, admin, expert, ['React']);
  });
  afterAll(() => mailing?.stop());

  const asExpert = (path: string, body?: unknown) => callJson(server.url, 'POST', path, { token: expert.token }, body);

  it('tells the customer who took the task, about an unread expert reply, and that it is done; each once', async () => {
    const customer = await signInPerson(server, 'customer');
    const { taskId, conversationId } = await seedTask(server.database.db, { ownerId: customer.user.uid, title: 'Broken checkout' });
    expect((await asExpert(`/api/expert/tasks/${taskId}/take`)).status).toBe(200);
    const [assigned] = await smtp.waitFor(customer.user.email!);
    expect(assigned!.parsed.subject).toBe(`${expert.user.name} is on your task: Broken checkout`);
    expect(assigned!.parsed.text).toContain(`${expert.user.name}, human expert, took your task`);
    expectSafeLinks(assigned!, publicUrl, customer);
    expect(linksOf(assigned!)).toContain(`${publicUrl}/messages?conversation=${conversationId}`);

    // A reply the customer reads in time sends nothing; one left unread is emailed after the delay
    // (the two delays run together).
    const read = await asExpert(`/api/expert/tasks/${taskId}/messages`, { content: 'Which browser?' });
    await readMessages(server.url, { token: customer.token }, conversationId);
    const unread = await asExpert(`/api/expert/tasks/${taskId}/messages`, { content: 'Can you send the **log**?' });
    expect(await waitForEventEmails(server, read.body.id)).toEqual([]);
    const [, replied] = await smtp.waitFor(customer.user.email!, 2);
    expect(replied!.parsed.subject).toBe(`${expert.user.name} replied: Broken checkout`);
    expect(replied!.parsed.text).toContain('Can you send the **log**?');
    expectSafeLinks(replied!, publicUrl, customer);
    expect(await waitForEventEmails(server, unread.body.id)).toHaveLength(1);

    await asExpert(`/api/expert/tasks/${taskId}/done`);
    const [, , done] = await smtp.waitFor(customer.user.email!, 3);
    expect(done!.parsed.subject).toBe('Marked done: Broken checkout');
    expectSafeLinks(done!, publicUrl, customer);
    // Taking it again or marking it done again makes no second email.
    await asExpert(`/api/expert/tasks/${taskId}/take`);
    await asExpert(`/api/expert/tasks/${taskId}/done`);
    await waitForEventEmails(server, taskId);
    expect(smtp.to(customer.user.email!)).toHaveLength(3);
  });

  it('tells the expert holding the task about a customer reply still unread after the delay', async () => {
    const customer = await signInPerson(server, 'customer');
    const { taskId, conversationId } = await seedTask(server.database.db, { ownerId: customer.user.uid, title: 'Slow search' });
    await asExpert(`/api/expert/tasks/${taskId}/take`);
    const readInTime = await sendMessage(server.url, { token: customer.token }, { content: 'Hello!', conversationId });
    expect((await callJson(server.url, 'GET', `/api/expert/tasks/${taskId}`, { token: expert.token })).status).toBe(200);
    // The second message's delay runs while the first one's ends.
    const left = await sendMessage(server.url, { token: customer.token }, { content: 'The search takes 9 seconds', conversationId });
    expect(await waitForEventEmails(server, readInTime.body.id)).toEqual([]);
    const [email] = await smtp.waitFor(expert.user.email!);
    expect(email!.parsed.subject).toBe(`${customer.user.name} wrote: Slow search`);
    expect(email!.parsed.text).toContain('The search takes 9 seconds');
    expect(linksOf(email!)).toContain(`${publicUrl}/expert-queue?task=${taskId}`);
    for (const link of linksOf(email!)) expect(link.startsWith(`${publicUrl}/`), link).toBe(true);
    expect(await waitForEventEmails(server, left.body.id)).toHaveLength(1);
  });
});

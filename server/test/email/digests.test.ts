import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionResponse } from '@unstuck/contract';
import { messages } from '../../src/db/schema.ts';
import type { RunningServer } from '../../src/server.ts';
import { databaseKinds } from '../support/databases.ts';
import { callJson, fetchOn, identityHeaders, sendMessage } from '../support/http.ts';
import { seedTask } from '../support/seed.ts';
import type { TestSmtpServer } from '../support/smtp.ts';
import { signInPerson } from '../support/staff.ts';
import type { TestServer } from '../support/test-server.ts';
import { makeExpert, startMailingServer, type MailingServer } from './support.ts';

// One email per window (docs/decisions/086-email-digests.md): a conversation's unread messages to
// one person are one email per EMAIL_UNREAD_DELAY_SECONDS, quoting each in order; new-task emails
// are one digest per expert per EMAIL_NEW_TASKS_DIGEST_SECONDS; acceptances are capped per person.

/** Waits until no email event job is left to run (delayed ones included) and no email waits to be sent. */
async function waitForQuietEmails(server: Pick<RunningServer, 'database'>) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const { rows } = (await server.database.db.execute<{ open: number }>(
      sql`select (select count(*) from pgboss.job where name in ('email-events', 'email-send') and state < 'completed')
              + (select count(*) from emails where status = 'queued') as open`,
    )) as { rows: Array<{ open: number | string }> };
    if (Number(rows[0]?.open) === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the email queues did not settle');
}

/**
 * The unread window of these tests: long enough for 20 sends on a busy machine (about 1.4 s with a
 * load of 12 on two cores), short because the test waits out three windows.
 */
const WINDOW_SECONDS = 4;
/** The new-task digest window of these tests: long enough for five acceptances (about 0.5 s with a load of 16 on two cores). */
const DIGEST_SECONDS = 2;

describe.each(databaseKinds)('email digests on %s', (kind) => {
  let smtp: TestSmtpServer;
  let server: TestServer;
  let admin: SessionResponse;
  let mailing: MailingServer;

  beforeAll(async () => {
    mailing = await startMailingServer(kind, {
      EMAIL_UNREAD_DELAY_SECONDS: String(WINDOW_SECONDS),
      EMAIL_NEW_TASKS_DIGEST_SECONDS: String(DIGEST_SECONDS),
      ACCEPTANCES_PER_USER_PER_DAY: '6',
    });
    ({ smtp, server, admin } = mailing);
  });
  afterAll(() => mailing?.stop());

  it('20 quick messages make one email to the other side per window, quoting each in order, both ways', async () => {
    const expert = await signInPerson(server, 'expert');
    await makeExpert(server, admin, expert, ['React']);
    const customer = await signInPerson(server, 'customer');
    const { taskId, conversationId } = await seedTask(server.database.db, { ownerId: customer.user.uid, title: 'Chatty task' });
    expect((await callJson(server.url, 'POST', `/api/expert/tasks/${taskId}/take`, { token: expert.token })).status).toBe(200);

    const started = Date.now();
    for (let i = 1; i <= 20; i++) {
      const sent = await sendMessage(
        server.url,
        { token: customer.token },
        { content: `Customer line ${i}\nsecond line ${i}`, conversationId },
      );
      expect(sent.status).toBe(200);
    }
    // The sends must fit in one window for this test to say anything (they take about a second).
    expect(Date.now() - started).toBeLessThan(WINDOW_SECONDS * 1000);
    await waitForQuietEmails(server);
    const [toExpert, ...moreToExpert] = smtp.to(expert.user.email!);
    expect(moreToExpert).toHaveLength(0);
    expect(toExpert!.parsed.subject).toBe(`${customer.user.name} sent 20 messages: Chatty task`);
    const expertText = toExpert!.parsed.text!;
    const order = Array.from({ length: 20 }, (_, i) => expertText.indexOf(`Customer line ${i + 1}\n`));
    expect(order.every((at, i) => at >= 0 && (i === 0 || at > order[i - 1]!))).toBe(true);
    // Each message keeps its line breaks in the text part.
    expect(expertText).toMatch(/Customer line 7\s*\n\s*second line 7/);

    // The expert's replies (which read the customer's messages) are one digest to the customer.
    const replying = Date.now();
    for (let i = 1; i <= 20; i++) {
      const sent = await callJson(
        server.url,
        'POST',
        `/api/expert/tasks/${taskId}/messages`,
        { token: expert.token },
        { content: `Expert line ${i}` },
      );
      expect(sent.status).toBe(201);
    }
    expect(Date.now() - replying).toBeLessThan(WINDOW_SECONDS * 1000);
    await waitForQuietEmails(server);
    // The customer got the assignment email and one digest of the expert's 20 messages.
    const toCustomer = smtp.to(customer.user.email!).filter((email) => !email.parsed.subject!.includes('is on your task'));
    expect(toCustomer).toHaveLength(1);
    expect(toCustomer[0]!.parsed.subject).toBe(`${expert.user.name} sent 20 messages: Chatty task`);
    for (let i = 1; i <= 20; i++) expect(toCustomer[0]!.parsed.text).toContain(`Expert line ${i}\n`);

    // A message in a later window is a second email, quoting only what came since.
    await sendMessage(server.url, { token: customer.token }, { content: 'One more thing', conversationId });
    await waitForQuietEmails(server);
    const later = smtp.to(expert.user.email!);
    expect(later).toHaveLength(2);
    expect(later[1]!.parsed.subject).toBe(`${customer.user.name} wrote: Chatty task`);
    expect(later[1]!.parsed.text).toContain('One more thing');
    expect(later[1]!.parsed.text).not.toContain('Customer line');
  }, 120_000);

  it('five acceptances make one digest per expert, formatted, not one email per task and expert', async () => {
    const experts = await Promise.all(['react-a', 'react-b', 'django'].map((label) => signInPerson(server, label)));
    await makeExpert(server, admin, experts[0]!, ['React']);
    await makeExpert(server, admin, experts[1]!, ['React', 'Node.js']);
    await makeExpert(server, admin, experts[2]!, ['Django']);
    const customer = await signInPerson(server, 'customer');
    const stacks = [['React'], ['React'], ['React'], ['React'], ['Django']];
    const tasks = [];
    for (const [i, stack] of stacks.entries()) {
      const task = await seedTask(server.database.db, {
        ownerId: customer.user.uid,
        status: 'PENDING_ACCEPTANCE',
        title: `Digest task ${i + 1}`,
        request: 'The dashboard is slow. My budget is $1,500 and I need it by next Friday.',
        clarifiedScope: '- Profile the dashboard\n- Cache the slow query\n- Add a regression test',
      });
      await server.database.db
        .update(messages)
        .set({
          metadata: {
            kind: 'proposal',
            proposal_status: 'pending',
            intake: {
              request_type: 'bug_fix',
              stack,
              ai_tools: [],
              estimate: { hoursLow: 8, hoursHigh: 12, priceLow: 800, priceHigh: 1200, currency: 'USD' },
            },
          },
        })
        .where(eq(messages.id, task.proposalMessageId));
      tasks.push(task);
    }
    const accepting = Date.now();
    for (const task of tasks) {
      const accepted = await callJson(server.url, 'POST', `/api/v2/proposals/${task.proposalMessageId}/accept`, { token: customer.token });
      expect(accepted.status).toBe(200);
    }
    // The acceptances must fit in one window for this test to say anything.
    expect(Date.now() - accepting).toBeLessThan(DIGEST_SECONDS * 1000);
    await waitForQuietEmails(server);

    for (const expert of experts.slice(0, 2)) {
      const received = smtp.to(expert.user.email!);
      expect(received).toHaveLength(1);
      const { subject, text, html } = received[0]!.parsed;
      expect(subject).toBe('4 new tasks for your skills');
      for (const n of [1, 2, 3, 4]) expect(text).toContain(`Digest task ${n}`);
      expect(text).not.toContain('Digest task 5');
      expect(text).toContain('It fits your skills: React.');
      expect(text).toContain('Estimated price: $800 – $1,200 (8–12 hours)');
      expect(text).toContain('Budget: $1,500');
      expect(text).toMatch(/Deadline: [^\n]*next Friday/);
      // The scope is a list, one item a line in the text part and <li> in the HTML.
      expect(text).toMatch(/Profile the dashboard\s*\n[^\n]*Cache the slow query\s*\n[^\n]*Add a regression test/);
      expect(html).toContain('<li>Cache the slow query</li>');
    }
    const [django] = smtp.to(experts[2]!.user.email!);
    expect(smtp.to(experts[2]!.user.email!)).toHaveLength(1);
    expect(django!.parsed.subject).toBe('New task for your skills: Digest task 5');
  }, 120_000);

  it(`past ACCEPTANCES_PER_USER_PER_DAY a person's acceptance answers 429 with Retry-After`, async () => {
    const customer = await signInPerson(server, 'customer');
    const tasks = [];
    for (let i = 0; i < 7; i++) {
      tasks.push(await seedTask(server.database.db, { ownerId: customer.user.uid, status: 'PENDING_ACCEPTANCE', title: `Capped ${i}` }));
    }
    const accept = (proposalId: string) =>
      fetchOn(server.url, `/api/v2/proposals/${proposalId}/accept`, {
        method: 'POST',
        headers: identityHeaders({ token: customer.token }),
      });
    for (const task of tasks.slice(0, 6)) expect((await accept(task.proposalMessageId)).status).toBe(200);
    const refused = await accept(tasks[6]!.proposalMessageId);
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(23 * 3600);
    expect(retryAfter).toBeLessThanOrEqual(24 * 3600);
    expect(await refused.json()).toEqual({ code: 'rate_limited', detail: 'You accepted many proposals today. Please try again later.' });
    // Repeating an acceptance already made changes nothing and is not refused.
    expect((await accept(tasks[0]!.proposalMessageId)).status).toBe(200);
    // The refused task stays as it was.
    const task = await callJson(server.url, 'GET', `/api/v2/conversations/${tasks[6]!.conversationId}/task`, { token: customer.token });
    expect(task.body.status ?? task.body.task?.status).toBe('PENDING_ACCEPTANCE');
  });
});

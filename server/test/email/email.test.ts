import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionResponse } from '@unstuck/contract';
import { messages } from '../../src/db/schema.ts';
import { reachProposal } from '../support/agent-flow.ts';
import { databaseKinds } from '../support/databases.ts';
import { callJson } from '../support/http.ts';
import { seedTask } from '../support/seed.ts';
import type { TestSmtpServer } from '../support/smtp.ts';
import { ADMIN_EMAIL, signInPerson, STAFF_ENV } from '../support/staff.ts';
import { signInWithDevProvider } from '../support/sign-in.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import {
  emailRowsOf,
  expectSafeLinks,
  linksOf,
  makeExpert,
  retryFailedSendsNow,
  waitForEventEmails,
  waitForFailedAttempt,
  startMailingServer,
  type MailingServer,
} from './support.ts';

describe.each(databaseKinds)('email through SMTP on %s', (kind) => {
  let smtp: TestSmtpServer;
  let server: TestServer;
  let publicUrl: string;
  let admin: SessionResponse;
  let mailing: MailingServer;

  beforeAll(async () => {
    mailing = await startMailingServer(kind);
    ({ smtp, server, publicUrl, admin } = mailing);
  });
  afterAll(() => mailing?.stop());

  /** A signed-in customer's task waiting for acceptance, with agent-1's recorded stack (none: no intake). */
  async function pendingTask(customer: SessionResponse, stack?: string[]) {
    const seeded = await seedTask(server.database.db, {
      ownerId: customer.user.uid,
      status: 'PENDING_ACCEPTANCE',
      title: `Task ${Math.random()}`,
    });
    if (stack) {
      await server.database.db
        .update(messages)
        .set({ metadata: { kind: 'proposal', proposal_status: 'pending', intake: { request_type: 'bug_fix', stack, ai_tools: [] } } })
        .where(eq(messages.id, seeded.proposalMessageId));
    }
    return seeded;
  }
  const accept = (customer: SessionResponse, proposalId: string) =>
    callJson(server.url, 'POST', `/api/v2/proposals/${proposalId}/accept`, { token: customer.token });

  it('accepting a proposal emails the customer and the experts whose skills match its stack, with unsubscribe headers, HTML and text', async () => {
    const customer = await signInPerson(server, 'customer');
    const nextExpert = await signInPerson(server, 'expert');
    const djangoExpert = await signInPerson(server, 'expert');
    await makeExpert(server, admin, nextExpert, ['NextJS', 'Figma']);
    await makeExpert(server, admin, djangoExpert, ['Django']);
    const { conversationId, proposal } = await reachProposal(server.url, { token: customer.token });
    expect(proposal.metadata.intake.stack).toContain('Next.js');

    const accepted = await accept(customer, proposal.id);
    expect(accepted.status).toBe(200);
    // The thank-you modal may say where the confirmation went; accepting again sends none.
    expect(accepted.body.confirmationEmailTo).toBe(customer.user.email);
    expect((await accept(customer, proposal.id)).body.confirmationEmailTo).toBeNull();
    const [customerEmail] = await smtp.waitFor(customer.user.email!);
    const [expertEmail] = await smtp.waitFor(nextExpert.user.email!);
    const rows = await waitForEventEmails(server, accepted.body.task_id);
    expect(rows.map((row) => row.toAddress).sort()).toEqual([customer.user.email, nextExpert.user.email].sort());
    expect(smtp.to(djangoExpert.user.email!)).toEqual([]);

    for (const email of [customerEmail!, expertEmail!]) {
      expect(email.header('from')).toBe('Unstuck Team <team@unstuck.test>');
      expect(email.header('list-unsubscribe')).toMatch(new RegExp(`^<${publicUrl}/unsubscribe/[A-Za-z0-9_-]{43}>$`));
      expect(email.header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
      expect(email.parsed.html).toContain('<html');
      expect(email.parsed.text).toMatch(/Unsubscribe/);
      expectSafeLinks(email, publicUrl, customer);
    }
    expect(customerEmail!.parsed.subject).toMatch(/^Your proposal is accepted: /);
    expect(customerEmail!.parsed.text).toContain('What happens next');
    expect(linksOf(customerEmail!)).toContain(`${publicUrl}/messages?conversation=${conversationId}`);
    expect(expertEmail!.parsed.subject).toMatch(/^New task for your skills: /);
    expect(expertEmail!.parsed.text).toContain('It fits your skills: NextJS.');
    expect(linksOf(expertEmail!)).toContain(`${publicUrl}/expert-queue`);
    // The agent's conversation and the digest's window take their time on a busy machine.
  }, 60_000);

  it('a task whose stack matches no expert reaches every expert', async () => {
    const customer = await signInPerson(server, 'customer');
    const first = await signInPerson(server, 'expert');
    const second = await signInPerson(server, 'expert');
    await makeExpert(server, admin, first, ['Rails']);
    await makeExpert(server, admin, second, []);
    const task = await pendingTask(customer, ['Elixir', 'Phoenix']);
    expect((await accept(customer, task.proposalMessageId)).status).toBe(200);
    await smtp.waitFor(first.user.email!);
    const [email] = await smtp.waitFor(second.user.email!);
    expect(email!.parsed.subject).toMatch(/^New task: /);
    expect(email!.parsed.text).toContain("No expert's skills match its stack");
  });

  it('while the SMTP server is down the acceptance still succeeds, and each email arrives exactly once when it is back', async () => {
    const customer = await signInPerson(server, 'customer');
    const expert = await signInPerson(server, 'expert');
    await makeExpert(server, admin, expert, ['Elm']);
    const task = await pendingTask(customer, ['Elm']);
    await smtp.stop();
    try {
      const accepted = await accept(customer, task.proposalMessageId);
      expect(accepted.status).toBe(200);
      const failed = await waitForFailedAttempt(server, customer.user.uid);
      expect(failed.status).toBe('queued');
      expect(failed.lastError).toBeTruthy();
    } finally {
      await smtp.start();
    }
    await retryFailedSendsNow(server);
    const rows = await waitForEventEmails(server, task.taskId, 60_000);
    expect(rows.map((row) => row.status)).toEqual(['sent', 'sent']);
    expect(smtp.to(customer.user.email!)).toHaveLength(1);
    expect(smtp.to(expert.user.email!)).toHaveLength(1);
    // Nothing more comes later either: the retries are over.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(smtp.to(customer.user.email!)).toHaveLength(1);
  }, 90_000);

  it('the same event twice, or an acceptance repeated, sends each email once', async () => {
    const customer = await signInPerson(server, 'customer');
    const task = await pendingTask(customer);
    expect((await accept(customer, task.proposalMessageId)).status).toBe(200);
    expect((await accept(customer, task.proposalMessageId)).status).toBe(200);
    await smtp.waitFor(customer.user.email!);
    await waitForEventEmails(server, task.taskId);
    await server.emails.enqueue({ type: 'proposal_accepted', taskId: task.taskId });
    await server.emails.enqueue({ type: 'proposal_accepted', taskId: task.taskId });
    const rows = await waitForEventEmails(server, task.taskId);
    expect(rows.filter((row) => row.userId === customer.user.uid)).toHaveLength(1);
    expect(smtp.to(customer.user.email!)).toHaveLength(1);
  });

  it('a one-click POST to the List-Unsubscribe address stops further emails; its GET only asks', async () => {
    const customer = await signInPerson(server, 'customer');
    const first = await pendingTask(customer);
    await accept(customer, first.proposalMessageId);
    const [email] = await smtp.waitFor(customer.user.email!);
    const link = email!.header('list-unsubscribe')!.slice(1, -1);

    const page = await fetch(link);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await page.text();
    expect(html).toContain('Stop emails?');
    // Its style sheet runs under the page's CSP nonce; nothing else may.
    const nonce = /<style nonce="([0-9a-f]+)">/.exec(html)?.[1];
    expect(page.headers.get('content-security-policy')).toContain(`'nonce-${nonce}'`);
    expect(html).not.toContain('<script');
    expect(html).toContain('<form method="post">');
    const profile = await callJson(server.url, 'GET', '/api/v1/users/profile', { token: customer.token });
    expect(profile.body.profile.emailNotifications).toBe(true);

    const oneClick = await fetch(link, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(200);
    expect(await oneClick.text()).toContain('You are unsubscribed');
    const after = await callJson(server.url, 'GET', '/api/v1/users/profile', { token: customer.token });
    expect(after.body.profile.emailNotifications).toBe(false);
    const second = await pendingTask(customer);
    await accept(customer, second.proposalMessageId);
    const rows = await waitForEventEmails(server, second.taskId);
    expect(rows.filter((row) => row.userId === customer.user.uid)).toEqual([]);
    expect(smtp.to(customer.user.email!)).toHaveLength(1);

    const unknown = await fetch(link.replace(/[^/]+$/, 'x'.repeat(43)), { method: 'POST' });
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain('This unsubscribe link is not valid');
  });

  it('the Edit Profile switch turns emails off and on again', async () => {
    const customer = await signInPerson(server, 'customer');
    const expert = await signInPerson(server, 'expert');
    await makeExpert(server, admin, expert, ['Haskell']);
    const save = (emailNotifications: boolean) =>
      callJson(
        server.url,
        'PUT',
        '/api/v1/users/profile',
        { token: expert.token },
        {
          name: expert.user.name,
          email: expert.user.email,
          skills: ['Haskell'],
          emailNotifications,
        },
      );
    const off = await save(false);
    expect(off.status).toBe(200);
    expect(off.body.profile.emailNotifications).toBe(false);
    const quiet = await pendingTask(customer, ['Haskell']);
    await accept(customer, quiet.proposalMessageId);
    await smtp.waitFor(customer.user.email!);
    expect((await waitForEventEmails(server, quiet.taskId)).map((row) => row.userId)).not.toContain(expert.user.uid);

    expect((await save(true)).body.profile.emailNotifications).toBe(true);
    const heard = await pendingTask(customer, ['Haskell']);
    await accept(customer, heard.proposalMessageId);
    const [email] = await smtp.waitFor(expert.user.email!);
    expect(email!.parsed.subject).toMatch(/^New task for your skills: /);
    // A profile saved without the field keeps the setting.
    const kept = await callJson(
      server.url,
      'PUT',
      '/api/v1/users/profile',
      { token: expert.token },
      { name: 'Renamed', email: expert.user.email },
    );
    expect(kept.body.profile.emailNotifications).toBe(true);
    const bad = await callJson(
      server.url,
      'PUT',
      '/api/v1/users/profile',
      { token: expert.token },
      {
        name: 'Renamed',
        email: expert.user.email,
        emailNotifications: 'no',
      },
    );
    expect(bad).toEqual({
      status: 400,
      body: { code: 'invalid_request', detail: 'emailNotifications: emailNotifications must be true or false' },
    });
  });

  it('an access request on a share page emails the admins, the requester’s words escaped', async () => {
    const customer = await signInPerson(server, 'customer');
    const task = await seedTask(server.database.db, { ownerId: customer.user.uid });
    const share = await callJson(server.url, 'POST', `/api/admin/tasks/${task.taskId}/share`, { token: admin.token }, { expiry_hours: 1 });
    expect(share.status).toBe(201);
    const before = smtp.to(ADMIN_EMAIL).length;
    const sent = await callJson(server.url, 'POST', `/api/task-share/${share.body.token}/request-access`, null, {
      name: 'Eve <b>Expert</b>',
      email: 'eve@example.org',
      message: 'Please let me in <script>alert(1)</script>',
    });
    expect(sent).toEqual({ status: 200, body: { status: 'ok' } });
    const received = await smtp.waitFor(ADMIN_EMAIL, before + 1);
    const email = received.at(-1)!;
    expect(email.parsed.subject).toBe('Access request for “Checkout crash”');
    expect(email.parsed.html).toContain('Eve &lt;b&gt;Expert&lt;/b&gt; (eve@example.org) asks for access');
    expect(email.parsed.html).toContain('Please let me in &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(email.parsed.html).not.toMatch(/<script|<b>/);
    expect(email.parsed.text).toContain('Please let me in <script>alert(1)</script>');
    expect(linksOf(email)).toContain(`${publicUrl}/admin/tasks`);
  });

  it('admins read every email in the Outbox API, newest first a page at a time, marked as sent', async () => {
    const first = await callJson(server.url, 'GET', '/api/admin/outbox?limit=2', { token: admin.token });
    expect(first.status).toBe(200);
    expect(first.body.transport).toBe('smtp');
    expect(first.body.emails).toHaveLength(2);
    expect(first.body.emails[0].id).toBeGreaterThan(first.body.emails[1].id);
    expect(first.body.emails[0]).toMatchObject({ to: ADMIN_EMAIL, event: 'access_requested', status: 'sent', attempts: 0 });
    expect(first.body.next_before).toBe(first.body.emails[1].id);
    const next = await callJson(server.url, 'GET', `/api/admin/outbox?limit=2&before=${first.body.next_before}`, { token: admin.token });
    expect(next.body.emails[0].id).toBeLessThan(first.body.emails[1].id);
    const failedOnce = (await callJson(server.url, 'GET', '/api/admin/outbox?limit=200', { token: admin.token })).body.emails.filter(
      (email: { attempts: number }) => email.attempts > 0,
    );
    expect(failedOnce.length).toBeGreaterThan(0);
    expect(failedOnce.every((email: { status: string; last_error: string }) => email.status === 'sent' && email.last_error)).toBe(true);
  });
});

describe.each(databaseKinds)('email without SMTP_URL on %s', (kind) => {
  let server: TestServer;
  let admin: SessionResponse;
  beforeAll(async () => {
    server = await startTestServer(kind, { ...STAFF_ENV, EMAIL_NEW_TASKS_DIGEST_SECONDS: '1' });
    admin = await signInWithDevProvider(server.url, { email: ADMIN_EMAIL, name: 'Alice Admin' });
  });
  afterAll(async () => server?.destroy());

  it('emails go to the outbox, which admins read with their headers, HTML and text; nobody else may', async () => {
    const customer = await signInPerson(server, 'customer');
    const task = await seedTask(server.database.db, {
      ownerId: customer.user.uid,
      status: 'PENDING_ACCEPTANCE',
      title: 'Outbox <i>task</i>',
    });
    const accepted = await callJson(server.url, 'POST', `/api/v2/proposals/${task.proposalMessageId}/accept`, { token: customer.token });
    expect(accepted.status).toBe(200);
    const rows = await waitForEventEmails(server, task.taskId);
    expect(rows.map((row) => row.status)).toEqual(['outbox']);

    const list = await callJson(server.url, 'GET', '/api/admin/outbox', { token: admin.token });
    expect(list.status).toBe(200);
    expect(list.body.transport).toBe('outbox');
    const entry = list.body.emails.find((email: { id: number }) => email.id === rows[0]!.id);
    expect(entry).toMatchObject({
      to: customer.user.email,
      subject: 'Your proposal is accepted: Outbox <i>task</i>',
      event: 'proposal_accepted',
      template: 'proposal-accepted',
      status: 'outbox',
      attempts: 0,
      last_error: null,
    });
    expect(entry.sent_at).toBeTruthy();
    expect(entry).not.toHaveProperty('html');

    const detail = await callJson(server.url, 'GET', `/api/admin/outbox/${entry.id}`, { token: admin.token });
    expect(detail.status).toBe(200);
    expect(detail.body.from).toBe('Unstuck <no-reply@localhost>');
    // Without PUBLIC_URL links use the server's own address.
    const origin = server.url.replace('127.0.0.1', 'localhost');
    expect(detail.body.headers['List-Unsubscribe']).toMatch(new RegExp(`^<${origin}/unsubscribe/[A-Za-z0-9_-]{43}>$`));
    expect(detail.body.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(detail.body.html).toContain('Outbox &lt;i&gt;task&lt;/i&gt;');
    expect(detail.body.text).toContain(`${origin}/messages?conversation=${task.conversationId}`);

    const path = `/api/admin/outbox/${entry.id}`;
    expect((await callJson(server.url, 'GET', path, { token: customer.token })).status).toBe(403);
    expect((await callJson(server.url, 'GET', '/api/admin/outbox', null)).status).toBe(401);
    expect(await callJson(server.url, 'GET', '/api/admin/outbox/999999999', { token: admin.token })).toEqual({
      status: 404,
      body: { code: 'not_found', detail: 'Email not found' },
    });
    expect((await callJson(server.url, 'GET', '/api/admin/outbox/abc', { token: admin.token })).status).toBe(400);
  });

  it('an event queued for later makes its emails only when its time comes', async () => {
    const customer = await signInPerson(server, 'customer');
    const task = await seedTask(server.database.db, { ownerId: customer.user.uid, status: 'ACCEPTED' });
    const queuedAt = Date.now();
    await server.emails.enqueue({ type: 'proposal_accepted', taskId: task.taskId }, undefined, { delaySeconds: 2 });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await emailRowsOf(server, task.taskId)).toEqual([]);
    const rows = await waitForEventEmails(server, task.taskId);
    expect(rows.map((row) => row.userId)).toEqual([customer.user.uid]);
    expect(rows[0]!.createdAt.getTime() - queuedAt).toBeGreaterThanOrEqual(2000);
  });

  it('guests get no email', async () => {
    const task = await seedTask(server.database.db, { status: 'ACCEPTED' });
    await server.emails.enqueue({ type: 'proposal_accepted', taskId: task.taskId });
    expect(await waitForEventEmails(server, task.taskId)).toEqual([]);
  });
});

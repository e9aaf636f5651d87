import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { and, asc, eq } from 'drizzle-orm';
import { createTransport } from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionResponse } from '@unstuck/contract';
import { messages, tasks } from '../../src/db/schema.ts';
import { revokeReplyTokens } from '../../src/modules/email/reply-tokens.ts';
import { databaseKinds } from '../support/databases.ts';
import { freePort } from '../support/free-port.ts';
import { callJson, fetchOn } from '../support/http.ts';
import { seedTask } from '../support/seed.ts';
import type { TestSmtpServer } from '../support/smtp.ts';
import { signInPerson } from '../support/staff.ts';
import type { TestServer } from '../support/test-server.ts';
import { makeExpert, startMailingServer, type MailingServer } from './support.ts';

// Reply by email (docs/decisions/087-reply-by-email.md): conversation emails carry
// Reply-To: reply+{token}@{INBOUND_EMAIL_DOMAIN}; POST /api/email/inbound takes the raw reply.

const DOMAIN = 'reply.unstuck.test';
const PASSWORD = 'inbound-password-0123456789';

/** A raw fixture email with its placeholders filled in. */
function fixture(name: string, fill: { from: string; to: string; messageId?: string }): string {
  return readFileSync(new URL(`./fixtures/inbound/${name}.eml`, import.meta.url), 'utf8')
    .replaceAll('{{FROM}}', fill.from)
    .replaceAll('{{TO}}', fill.to)
    .replaceAll('{{MESSAGE_ID}}', fill.messageId ?? `<${randomUUID()}@mail.example.com>`);
}

describe.each(databaseKinds)('reply by email on %s', (kind) => {
  let smtp: TestSmtpServer;
  let server: TestServer;
  let admin: SessionResponse;
  let mailing: MailingServer;
  let smtpPort: number;

  beforeAll(async () => {
    smtpPort = await freePort();
    // Replies come by HTTP (with the password) and over the SMTP listener, on one server.
    mailing = await startMailingServer(kind, {
      EMAIL_UNREAD_DELAY_SECONDS: '1',
      INBOUND_EMAIL_DOMAIN: DOMAIN,
      INBOUND_EMAIL_PASSWORD: PASSWORD,
      INBOUND_SMTP_PORT: String(smtpPort),
    });
    ({ smtp, server, admin } = mailing);
  });
  afterAll(() => mailing?.stop());

  const post = (body: string | Uint8Array, authorization: string | null = `Basic ${Buffer.from(`relay:${PASSWORD}`).toString('base64')}`) =>
    fetchOn(server.url, '/api/email/inbound', {
      method: 'POST',
      headers: { 'content-type': 'message/rfc822', ...(authorization ? { authorization } : {}) },
      body,
    });
  /** The conversation's messages written by `senderId`, oldest first. */
  const messagesOf = (conversationId: string, senderId: string) =>
    server.database.db
      .select()
      .from(messages)
      .where(and(eq(messages.conversationId, conversationId), eq(messages.senderId, senderId)))
      .orderBy(asc(messages.seq));
  /** A task held by a new expert, waiting on its customer after the expert's question (emailed to the customer). */
  async function waitingTask() {
    const expert = await signInPerson(server, 'expert');
    await makeExpert(server, admin, expert, ['React']);
    const customer = await signInPerson(server, 'customer');
    const task = await seedTask(server.database.db, { ownerId: customer.user.uid, title: 'Broken checkout' });
    const asExpert = (path: string, body?: unknown) =>
      callJson(server.url, 'POST', `/api/expert/tasks/${task.taskId}${path}`, { token: expert.token }, body);
    expect((await asExpert('/take')).status).toBe(200);
    expect((await asExpert('/messages', { content: 'Which browser?' })).status).toBe(201);
    expect((await asExpert('/status', { status: 'WAITING_ON_CUSTOMER' })).status).toBe(200);
    const emails = await smtp.waitFor(customer.user.email!, 2);
    const question = emails.find((email) => email.parsed.subject!.startsWith(`${expert.user.name} replied`))!;
    return { expert, customer, task, replyTo: question.header('reply-to')! };
  }

  it('conversation emails carry a Reply-To; a Gmail reply is stored as the customer’s message without the quote', async () => {
    const { expert, customer, task, replyTo } = await waitingTask();
    expect(replyTo).toMatch(new RegExp(`^reply\\+[0-9a-f]{40}@${DOMAIN.replaceAll('.', '\\.')}$`));
    const [assigned] = smtp.to(customer.user.email!);
    expect(assigned!.header('reply-to')).toMatch(/^reply\+[0-9a-f]{40}@/);
    expect(assigned!.header('reply-to')).not.toBe(replyTo);

    expect((await post(fixture('gmail-reply', { from: customer.user.email!, to: replyTo }))).status).toBe(204);
    const stored = (await messagesOf(task.conversationId, customer.user.uid)).at(-1)!;
    expect(stored.content).toBe('It happens in Firefox 128 on Windows.\nOnly on the payment step.');
    // It behaves as a message written in the app: the task is in progress again, the expert is emailed.
    const [row] = await server.database.db.select().from(tasks).where(eq(tasks.id, task.taskId));
    expect(row!.status).toBe('IN_PROGRESS');
    const [toExpert] = await smtp.waitFor(expert.user.email!);
    expect(toExpert!.parsed.text).toContain('It happens in Firefox 128 on Windows.');
    const expertReplyTo = toExpert!.header('reply-to')!;
    expect(expertReplyTo).toMatch(/^reply\+[0-9a-f]{40}@/);

    // The expert answers from Outlook: stored as the expert's reply, seen by the customer.
    expect((await post(fixture('outlook-reply', { from: expert.user.email!.toUpperCase(), to: expertReplyTo }))).status).toBe(204);
    const reply = (await messagesOf(task.conversationId, expert.user.uid)).at(-1)!;
    expect(reply.senderRole).toBe('expert');
    expect(reply.content).toBe('Thanks, I can reproduce it in Firefox. A fix follows today.');
  });

  it('an Apple Mail reply keeps its attachment through the chat’s storage and drops "Sent from my iPhone"', async () => {
    const { customer, task, replyTo } = await waitingTask();
    expect((await post(fixture('apple-mail-reply', { from: customer.user.email!, to: replyTo }))).status).toBe(204);
    const stored = (await messagesOf(task.conversationId, customer.user.uid)).at(-1)!;
    expect(stored.content).toContain('Here is the log from the console.');
    expect(stored.content).not.toContain('Sent from my iPhone');
    expect(stored.content).not.toContain('Can you send the console log?');
    expect(stored.attachments.map((file) => file.file_name)).toEqual(['console.log']);
  });

  it('stores nothing for a forged or revoked token, a wrong From, an auto-reply, a bounce, or the same Message-ID again', async () => {
    const { customer, task, replyTo } = await waitingTask();
    const count = async () => (await messagesOf(task.conversationId, customer.user.uid)).length;
    const before = await count();
    const forged = `reply+${randomBytes(20).toString('hex')}@${DOMAIN}`;
    for (const body of [
      fixture('gmail-reply', { from: customer.user.email!, to: forged }),
      fixture('gmail-reply', { from: 'mallory@example.com', to: replyTo }),
      fixture('auto-reply', { from: customer.user.email!, to: replyTo }),
      fixture('bounce', { from: customer.user.email!, to: replyTo }),
      fixture('gmail-reply', { from: customer.user.email!, to: replyTo }).replace('MIME-Version', 'Precedence: bulk\r\nMIME-Version'),
    ]) {
      expect((await post(body)).status).toBe(204);
    }
    expect(await count()).toBe(before);

    const messageId = `<${randomUUID()}@mail.example.com>`;
    expect((await post(fixture('gmail-reply', { from: customer.user.email!, to: replyTo, messageId }))).status).toBe(204);
    expect((await post(fixture('gmail-reply', { from: customer.user.email!, to: replyTo, messageId }))).status).toBe(204);
    expect(await count()).toBe(before + 1);

    await revokeReplyTokens({ db: server.database.db, clock: { now: () => new Date() } }, customer.user.uid, task.conversationId);
    expect((await post(fixture('gmail-reply', { from: customer.user.email!, to: replyTo }))).status).toBe(204);
    expect(await count()).toBe(before + 1);
  });

  it('answers 401 without the password, 413 over 25 MB and 400 to what is no email', async () => {
    const { customer, replyTo } = await waitingTask();
    const body = fixture('gmail-reply', { from: customer.user.email!, to: replyTo });
    expect((await post(body, null)).status).toBe(401);
    expect((await post(body, `Basic ${Buffer.from('relay:wrong').toString('base64')}`)).status).toBe(401);
    const tooLarge = await post(new Uint8Array(25 * 1024 * 1024 + 1).fill(65));
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.json()).toMatchObject({ code: 'payload_too_large' });
    const unreadable = await post('no headers, no email');
    expect(unreadable.status).toBe(400);
    expect(await unreadable.json()).toEqual({ code: 'invalid_request', detail: 'The body is not an RFC 5322 email' });
  });

  it('takes a reply delivered over SMTP into the conversation, and refuses mail for other domains', async () => {
    const expert = await signInPerson(server, 'expert');
    await makeExpert(server, admin, expert, ['React']);
    const customer = await signInPerson(server, 'customer');
    const task = await seedTask(server.database.db, { ownerId: customer.user.uid, title: 'Broken checkout' });
    await callJson(server.url, 'POST', `/api/expert/tasks/${task.taskId}/take`, { token: expert.token });
    await callJson(server.url, 'POST', `/api/expert/tasks/${task.taskId}/messages`, { token: expert.token }, { content: 'Which browser?' });
    const emails = await smtp.waitFor(customer.user.email!, 2);
    const replyTo = emails.find((email) => email.parsed.subject!.includes('replied'))!.header('reply-to')!;

    const relay = createTransport({ host: '127.0.0.1', port: smtpPort, secure: false, ignoreTLS: true });
    const raw = fixture('gmail-reply', { from: customer.user.email!, to: replyTo });
    await relay.sendMail({ envelope: { from: customer.user.email!, to: [replyTo] }, raw });
    await expect(relay.sendMail({ envelope: { from: customer.user.email!, to: ['someone@example.com'] }, raw })).rejects.toThrow(/550/);
    relay.close();
    const [stored] = await server.database.db
      .select()
      .from(messages)
      .where(and(eq(messages.conversationId, task.conversationId), eq(messages.senderId, customer.user.uid), eq(messages.read, false)));
    expect(stored?.content).toBe('It happens in Firefox 128 on Windows.\nOnly on the payment step.');
  });
});

import { randomBytes, randomUUID } from 'node:crypto';
import { render, toPlainText } from '@react-email/render';
import type { FastifyBaseLogger } from 'fastify';
import type { OutboxEmail, OutboxEntry, OutboxResponse } from '@unstuck/contract';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { mayReadTaskConversation } from '../tasks/conversation-readers.ts';
import { emailNotFound, unsubscribeLinkInvalid } from './email.errors.ts';
import type { EmailEvent } from '../../lib/email-event.ts';
import { eventKey, planEmails } from './email.events.ts';
import type { DigestStep } from './planned-email.ts';
import { issueReplyAddress } from './reply-tokens.ts';
import {
  advanceDigestMark,
  ensurePreference,
  existingKeys,
  findEmail,
  findPreference,
  finishEmail,
  insertEmail,
  listEmails,
  noteFailedAttempt,
  saveNotifications,
  turnOffByUnsubscribeId,
  unsubscribeIdExists,
  type EmailSummary,
  type NewEmail,
} from './email.repository.ts';
import { fromAddress, type EmailTransport } from './email.transport.ts';
import type { PlannedEmail } from './planned-email.ts';

/** What making and sending emails needs. `origin` is where links point (PUBLIC_URL, else the server's address). */
export interface EmailDeps {
  db: Db;
  config: Pick<Config, 'ADMIN_EMAILS' | 'PRODUCT_NAME' | 'MAIL_FROM' | 'EMAIL_NEW_TASKS_DIGEST_SECONDS' | 'INBOUND_EMAIL_DOMAIN'>;
  clock: Clock;
  log: FastifyBaseLogger;
  origin: string;
  transport: EmailTransport;
  /** Plans a payment receipt (the payments module's, given by deps.ts: email imports no feature for it). */
  paymentReceipt?: (db: Db, entryId: string) => Promise<PlannedEmail[]>;
}

/** 256 random bits, base64url: the opaque id of a person's unsubscribe link (it signs nobody in). */
const newUnsubscribeId = () => randomBytes(32).toString('base64url');

/** The path of a one-click unsubscribe link (RFC 8058): GET shows a confirmation page, POST unsubscribes. */
export const unsubscribePath = (unsubscribeId: string) => `/unsubscribe/${unsubscribeId}`;

/** A subject is one header line: no line breaks, and short enough to read in a list. */
const subjectLine = (text: string) => {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 150 ? `${line.slice(0, 149)}…` : line;
};

/**
 * Makes the emails an event calls for (email.events.ts), each once: an email whose idempotency key
 * (the event and the recipient, or a digest's own) exists is not made again, whether the event's job
 * is retried or the event happened twice. A digest is made only if its recipient's mark is still where
 * its plan read it, and moves the mark in the same transaction (docs/decisions/086-email-digests.md):
 * of two jobs that planned the same digest, one makes it. Recipients who turned emails off get none.
 * Each email is rendered (HTML from its React template, text from the HTML) and stored with its
 * headers, and its send job is queued in the same transaction. With INBOUND_EMAIL_DOMAIN a
 * conversation email gets `Reply-To: reply+{token}@{domain}`, its token stored hashed in that
 * transaction (docs/decisions/087-reply-by-email.md).
 * @param queueSend stores the send job of an email in the given transaction, with the conversation
 *   the email is about (its recipient's access to it is checked at send time).
 * @returns the ids of the emails made now.
 */
export async function makeEmails(
  deps: EmailDeps,
  event: EmailEvent,
  queueSend: (emailId: number, tx: Db, conversationId: string | undefined) => Promise<void>,
): Promise<number[]> {
  const key = eventKey(event);
  const plans = await planEmails(deps, event);
  const keyOf = (plan: (typeof plans)[number]) => plan.key ?? `${key}:${plan.template}:${plan.recipient.id ?? plan.recipient.email}`;
  const done = await existingKeys(deps.db, plans.map(keyOf));
  const made: Array<NewEmail & { conversationId: string | undefined; digest?: DigestStep }> = [];
  for (const plan of plans) {
    if (done.has(keyOf(plan))) continue;
    // Someone without an account (who asked for access) has no settings: their one answer has no unsubscribe link.
    const preference = plan.recipient.id === null ? null : await ensurePreference(deps.db, plan.recipient.id, newUnsubscribeId());
    if (preference && !preference.notifications) continue;
    const unsubscribeUrl = preference ? `${deps.origin}${unsubscribePath(preference.unsubscribeId)}` : null;
    const content = plan.write({ productName: deps.config.PRODUCT_NAME, origin: deps.origin, unsubscribeUrl });
    const html = await render(content.body);
    made.push({
      conversationId: plan.conversationId,
      idempotencyKey: keyOf(plan),
      event: event.type,
      template: plan.template,
      userId: plan.recipient.id,
      toAddress: plan.recipient.email,
      messageId: `<${randomUUID()}@${deps.config.MAIL_FROM.address.split('@')[1] ?? 'localhost'}>`,
      subject: subjectLine(content.subject),
      textBody: toPlainText(html),
      htmlBody: html,
      headers: {
        ...(unsubscribeUrl ? { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } : {}),
        'Auto-Submitted': 'auto-generated',
      },
      createdAt: deps.clock.now(),
      ...(plan.digest ? { digest: plan.digest } : {}),
    });
  }
  if (made.length === 0) return [];
  return deps.db.transaction(async (tx) => {
    const ids: number[] = [];
    const domain = deps.config.INBOUND_EMAIL_DOMAIN;
    for (const { digest, conversationId, ...email } of made) {
      if (digest && !(await advanceDigestMark(tx, { userId: email.userId!, ...digest }, email.createdAt))) continue;
      if (conversationId && domain) {
        const address = await issueReplyAddress(tx, { conversationId, userId: email.userId! }, domain, email.createdAt);
        email.headers = { ...email.headers, 'Reply-To': address };
      }
      const id = await insertEmail(tx, email);
      if (id === null) continue;
      await queueSend(id, tx, conversationId);
      ids.push(id);
    }
    return ids;
  });
}

/**
 * Sends one made email, once: an email no longer queued (sent, kept or skipped by an earlier
 * attempt) is left alone, and one whose recipient turned emails off since it was made, or may no longer
 * read the conversation it is about (docs/decisions/081-access-ends-everywhere.md), is skipped.
 * @param conversationId the conversation the email is about, if any.
 * @throws when the SMTP server is down or refuses it: the failure is counted on the email and the
 *   queue retries it.
 */
export async function deliverEmail(deps: EmailDeps, emailId: number, conversationId?: string): Promise<void> {
  const email = await findEmail(deps.db, emailId);
  if (!email || email.status !== 'queued') return;
  const preference = email.userId ? await findPreference(deps.db, email.userId) : null;
  const accessEnded =
    conversationId !== undefined &&
    email.userId !== null &&
    !(await mayReadTaskConversation(deps.db, deps.config.ADMIN_EMAILS, conversationId, email.userId));
  if ((preference && !preference.notifications) || accessEnded) {
    await finishEmail(deps.db, email.id, 'skipped', deps.clock.now());
    return;
  }
  try {
    await deps.transport.send(email);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    await noteFailedAttempt(deps.db, email.id, reason.slice(0, 500));
    deps.log.warn({ emailId, reason }, 'email not sent yet; it will be retried');
    throw error;
  }
  await finishEmail(deps.db, email.id, deps.transport.kind === 'smtp' ? 'sent' : 'outbox', deps.clock.now());
}

/** Whether a person takes emails (no settings yet: yes). */
export async function readEmailNotifications(db: Db, userId: string): Promise<boolean> {
  return (await findPreference(db, userId))?.notifications ?? true;
}

/** Turns a person's emails on or off (the Edit Profile switch). */
export async function setEmailNotifications(deps: { db: Db; clock: Clock }, userId: string, on: boolean): Promise<void> {
  await saveNotifications(deps.db, userId, on, newUnsubscribeId(), deps.clock.now());
}

/** The shape unsubscribe ids have; anything else is not looked up. */
const UNSUBSCRIBE_ID = /^[A-Za-z0-9_-]{43}$/;

/**
 * Whether an unsubscribe link is valid (the confirmation page of its GET).
 * @throws AppError 404 for an unknown or malformed id.
 */
export async function checkUnsubscribeLink(db: Db, unsubscribeId: string): Promise<void> {
  if (!UNSUBSCRIBE_ID.test(unsubscribeId) || !(await unsubscribeIdExists(db, unsubscribeId))) throw unsubscribeLinkInvalid();
}

/**
 * One-click unsubscribe (RFC 8058): turns every email off for the link's owner, without a sign-in.
 * Repeating it is harmless.
 * @throws AppError 404 for an unknown or malformed id.
 */
export async function unsubscribe(deps: { db: Db; clock: Clock }, unsubscribeId: string): Promise<void> {
  if (!UNSUBSCRIBE_ID.test(unsubscribeId) || !(await turnOffByUnsubscribeId(deps.db, unsubscribeId, deps.clock.now()))) {
    throw unsubscribeLinkInvalid();
  }
}

function toOutboxEntry(email: EmailSummary): OutboxEntry {
  return {
    id: email.id,
    to: email.toAddress,
    subject: email.subject,
    event: email.event,
    template: email.template,
    status: email.status,
    attempts: email.attempts,
    last_error: email.lastError,
    created_at: email.createdAt.toISOString(),
    sent_at: email.sentAt?.toISOString() ?? null,
  };
}

/** `GET /api/admin/outbox`: a page of emails, newest first, and whether they go to SMTP or stay here. */
export async function listOutbox(
  deps: { db: Db; config: Pick<Config, 'SMTP_URL'> },
  page: { limit: number; before?: number },
): Promise<OutboxResponse> {
  const rows = await listEmails(deps.db, page);
  return {
    transport: deps.config.SMTP_URL ? 'smtp' : 'outbox',
    emails: rows.map(toOutboxEntry),
    next_before: rows.length === page.limit ? (rows.at(-1)?.id ?? null) : null,
  };
}

/**
 * `GET /api/admin/outbox/{id}`: one email with its bodies and headers, as sent.
 * @throws AppError 404 for an unknown email.
 */
export async function readOutboxEmail(deps: { db: Db; config: Pick<Config, 'MAIL_FROM'> }, id: number): Promise<OutboxEmail> {
  const email = await findEmail(deps.db, id);
  if (!email) throw emailNotFound();
  const from = fromAddress(deps.config.MAIL_FROM);
  return {
    ...toOutboxEntry(email),
    from: typeof from === 'string' ? from : `${from.name} <${from.address}>`,
    headers: { 'Message-ID': email.messageId, ...email.headers },
    text: email.textBody,
    html: email.htmlBody,
  };
}

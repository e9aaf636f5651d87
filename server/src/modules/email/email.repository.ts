import { and, desc, eq, getTableColumns, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { emailDigests, emailPreferences, emails, type EmailHeaders } from '../../db/schema.ts';

/** An emails row. */
export type EmailRow = typeof emails.$inferSelect;

/** A person's email settings as stored (see `emailPreferences`). */
export interface EmailPreference {
  unsubscribeId: string;
  notifications: boolean;
}

/**
 * The person's settings, made on first use with `newUnsubscribeId` (kept for good afterwards).
 * @param newUnsubscribeId a fresh random id, used only when the person has no row yet.
 */
export async function ensurePreference(db: Db, userId: string, newUnsubscribeId: string): Promise<EmailPreference> {
  const [row] = await db
    .insert(emailPreferences)
    .values({ userId, unsubscribeId: newUnsubscribeId })
    // A no-op update so that RETURNING gives the existing row.
    .onConflictDoUpdate({ target: emailPreferences.userId, set: { userId: sql`excluded.user_id` } })
    .returning({ unsubscribeId: emailPreferences.unsubscribeId, notifications: emailPreferences.notifications });
  if (!row) throw new Error('the email settings could not be stored');
  return row;
}

/** @returns the person's settings, or null when they have none yet (emails on). */
export async function findPreference(db: Db, userId: string): Promise<EmailPreference | null> {
  const [row] = await db
    .select({ unsubscribeId: emailPreferences.unsubscribeId, notifications: emailPreferences.notifications })
    .from(emailPreferences)
    .where(eq(emailPreferences.userId, userId));
  return row ?? null;
}

/** Turns a person's emails on or off, making their row with `newUnsubscribeId` when they have none. */
export async function saveNotifications(
  db: Db,
  userId: string,
  notifications: boolean,
  newUnsubscribeId: string,
  now: Date,
): Promise<void> {
  await db
    .insert(emailPreferences)
    .values({ userId, unsubscribeId: newUnsubscribeId, notifications, updatedAt: now })
    .onConflictDoUpdate({ target: emailPreferences.userId, set: { notifications, updatedAt: now } });
}

/** Turns emails off for the owner of an unsubscribe id. @returns whether the id exists. */
export async function turnOffByUnsubscribeId(db: Db, unsubscribeId: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(emailPreferences)
    .set({ notifications: false, updatedAt: now })
    .where(eq(emailPreferences.unsubscribeId, unsubscribeId))
    .returning({ userId: emailPreferences.userId });
  return rows.length > 0;
}

/** @returns whether an unsubscribe id exists. */
export async function unsubscribeIdExists(db: Db, unsubscribeId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: emailPreferences.userId })
    .from(emailPreferences)
    .where(eq(emailPreferences.unsubscribeId, unsubscribeId));
  return row !== undefined;
}

/** @returns which of these idempotency keys already have their email. */
export async function existingKeys(db: Db, keys: readonly string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .select({ key: emails.idempotencyKey })
    .from(emails)
    .where(inArray(emails.idempotencyKey, [...keys]));
  return new Set(rows.map((row) => row.key));
}

/** An email as made, before it goes. */
export interface NewEmail {
  idempotencyKey: string;
  event: string;
  template: string;
  userId: string | null;
  toAddress: string;
  messageId: string;
  subject: string;
  textBody: string;
  htmlBody: string;
  headers: EmailHeaders;
  createdAt: Date;
}

/**
 * Stores an email unless one with its idempotency key exists (a retried event, or the same event twice).
 * @returns the new row's id, or null when the key was taken.
 */
export async function insertEmail(db: Db, email: NewEmail): Promise<number | null> {
  const [row] = await db.insert(emails).values(email).onConflictDoNothing({ target: emails.idempotencyKey }).returning({ id: emails.id });
  return row?.id ?? null;
}

/** @returns the email, or null. */
export async function findEmail(db: Db, id: number): Promise<EmailRow | null> {
  const [row] = await db.select().from(emails).where(eq(emails.id, id));
  return row ?? null;
}

/**
 * Records how a queued email ended (`sent`, `outbox` or `skipped`).
 * @returns false when it was no longer queued (another attempt finished it first).
 */
export async function finishEmail(db: Db, id: number, status: 'sent' | 'outbox' | 'skipped', now: Date): Promise<boolean> {
  const rows = await db
    .update(emails)
    .set({ status, sentAt: status === 'skipped' ? null : now })
    .where(and(eq(emails.id, id), eq(emails.status, 'queued')))
    .returning({ id: emails.id });
  return rows.length > 0;
}

/** Counts a failed attempt to send and keeps its reason (the queue retries it). */
export async function noteFailedAttempt(db: Db, id: number, reason: string): Promise<void> {
  await db
    .update(emails)
    .set({ attempts: sql`${emails.attempts} + 1`, lastError: reason })
    .where(eq(emails.id, id));
}

/** An email without its bodies and headers, as lists show it. */
export type EmailSummary = Omit<EmailRow, 'textBody' | 'htmlBody' | 'headers' | 'messageId'>;

/** @returns a page of `limit` emails older than `before` (by id), newest first, without their bodies. */
export function listEmails(db: Db, page: { limit: number; before?: number }): Promise<EmailSummary[]> {
  const { textBody: _text, htmlBody: _html, headers: _headers, messageId: _messageId, ...summary } = getTableColumns(emails);
  return db
    .select(summary)
    .from(emails)
    .where(page.before ? lt(emails.id, page.before) : undefined)
    .orderBy(desc(emails.id))
    .limit(page.limit);
}

/** How far a person's digest of a topic has gone (see `emailDigests`): version 0 and nothing covered before the first. */
export interface DigestMark {
  version: number;
  throughSeq: number | null;
  throughAt: Date | null;
}

/** @returns the person's mark of `topic`, or version 0 when no digest of it was made yet. */
export async function findDigestMark(db: Db, userId: string, topic: string): Promise<DigestMark> {
  const [row] = await db
    .select({ version: emailDigests.version, throughSeq: emailDigests.throughSeq, throughAt: emailDigests.throughAt })
    .from(emailDigests)
    .where(and(eq(emailDigests.userId, userId), eq(emailDigests.topic, topic)));
  return row ?? { version: 0, throughSeq: null, throughAt: null };
}

/**
 * Moves a person's mark of `topic` from version `from` to the next, covering up to `through`: the
 * compare-and-set that lets one digest out of two jobs that read the same mark.
 * @returns false when the mark is no longer at `from` (another job made that digest).
 */
export async function advanceDigestMark(
  db: Db,
  mark: { userId: string; topic: string; from: number; throughSeq: number | null; throughAt: Date | null },
  now: Date,
): Promise<boolean> {
  const next = { version: mark.from + 1, throughSeq: mark.throughSeq, throughAt: mark.throughAt, updatedAt: now };
  const rows =
    mark.from === 0
      ? await db
          .insert(emailDigests)
          .values({ userId: mark.userId, topic: mark.topic, ...next })
          .onConflictDoNothing()
          .returning({ version: emailDigests.version })
      : await db
          .update(emailDigests)
          .set(next)
          .where(and(eq(emailDigests.userId, mark.userId), eq(emailDigests.topic, mark.topic), eq(emailDigests.version, mark.from)))
          .returning({ version: emailDigests.version });
  return rows.length > 0;
}

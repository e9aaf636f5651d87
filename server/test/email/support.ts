import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { SessionResponse } from '@unstuck/contract';
import { emails } from '../../src/db/schema.ts';
import type { RunningServer } from '../../src/server.ts';
import { callJson } from '../support/http.ts';
import { freePort } from '../support/free-port.ts';
import { signInWithDevProvider } from '../support/sign-in.ts';
import { startSmtpServer, type ReceivedEmail, type TestSmtpServer } from '../support/smtp.ts';
import { ADMIN_EMAIL, flagExpert, STAFF_ENV } from '../support/staff.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { until } from '../support/until.ts';

/** A test server sending email, the SMTP server that receives it, its public address and its admin. */
export interface MailingServer {
  smtp: TestSmtpServer;
  server: TestServer;
  /** The server's own address as 127.0.0.1 (PUBLIC_URL): links without it would say localhost. */
  publicUrl: string;
  admin: SessionResponse;
  stop(): Promise<void>;
}

/**
 * Starts a test SMTP server and a test server that sends through it (`SMTP_URL`, `MAIL_FROM`) with
 * PUBLIC_URL its own address and the staff settings, then signs its admin in.
 * @param env more server settings (e.g. `EMAIL_UNREAD_DELAY_SECONDS`).
 */
export async function startMailingServer(kind: 'pglite' | 'postgres', env: Record<string, string> = {}): Promise<MailingServer> {
  const smtp = await startSmtpServer();
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  const server = await startTestServer(kind, {
    ...STAFF_ENV,
    PORT: String(port),
    PUBLIC_URL: publicUrl,
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Unstuck Team <team@unstuck.test>',
    // Seconds, not 15 minutes: the experts' new-task digests come soon after an acceptance.
    EMAIL_NEW_TASKS_DIGEST_SECONDS: '1',
    ...env,
  });
  const admin = await signInWithDevProvider(server.url, { email: ADMIN_EMAIL, name: 'Alice Admin' });
  return {
    smtp,
    server,
    publicUrl,
    admin,
    stop: async () => {
      await server.destroy();
      await smtp.close();
    },
  };
}

/** Makes a signed-in person an expert (as the admin) with these profile skills (as themselves). */
export async function makeExpert(server: Pick<RunningServer, 'url'>, admin: SessionResponse, expert: SessionResponse, skills: string[]) {
  await flagExpert(server, admin, expert);
  const saved = await callJson(
    server.url,
    'PUT',
    '/api/v1/users/profile',
    { token: expert.token },
    {
      name: expert.user.name,
      email: expert.user.email,
      skills,
    },
  );
  if (saved.status !== 200) throw new Error(`profile failed: ${JSON.stringify(saved)}`);
}

/** The emails rows of an event (e.g. `proposal_accepted`) whose idempotency key names `subjectId`. */
export async function emailRowsOf(server: Pick<RunningServer, 'database'>, subjectId: string) {
  return server.database.db
    .select()
    .from(emails)
    .where(sql`${emails.idempotencyKey} like ${`%:${subjectId}:%`}`)
    .orderBy(emails.id);
}

/** Waits until the event's job has run (it made its emails, or none) and every email it made left the queue. */
export async function waitForEventEmails(server: Pick<RunningServer, 'database'>, subjectId: string, timeoutMs = 30_000) {
  let settled = false;
  const deadline = Date.now() + timeoutMs;
  while (!settled && Date.now() < deadline) {
    // Both drivers answer `{ rows }`; the shared Drizzle type leaves it unknown.
    const events = (await server.database.db.execute<{ open: number }>(
      sql`select count(*)::int as open from pgboss.job where name = 'email-events' and state < 'completed' and data::text like ${`%${subjectId}%`}`,
    )) as { rows: Array<{ open: number }> };
    const rows = await emailRowsOf(server, subjectId);
    settled = events.rows[0]?.open === 0 && rows.every((row) => row.status !== 'queued');
    if (!settled) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (!settled) throw new Error(`the emails of ${subjectId} did not settle`);
  return emailRowsOf(server, subjectId);
}

/** Waits until an email to `userId` exists and failed to send at least once. @returns its row. */
export async function waitForFailedAttempt(server: Pick<RunningServer, 'database'>, userId: string) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const [row] = await server.database.db.select().from(emails).where(eq(emails.userId, userId)).orderBy(emails.id);
    if (row && row.attempts > 0) return row;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('no failed attempt recorded');
}

/**
 * Makes the email sends that failed and wait for their retry due now, as time passing would, and wakes
 * the workers: pg-boss puts a first retry 5–10 s out (retryDelay 5 with backoff), which a test of
 * what the retry does need not sit through. Waits (up to 30 s) until at least one send waits for its
 * retry: an attempt is recorded on the email before the queue marks its job for retry.
 */
export async function retryFailedSendsNow(server: Pick<RunningServer, 'database' | 'emails'>): Promise<void> {
  await until(
    async () => {
      // Both drivers answer `{ rows }`; the shared Drizzle type leaves it unknown.
      const moved = (await server.database.db.execute(
        sql`update pgboss.job set start_after = now() where name = 'email-send' and state = 'retry' returning id`,
      )) as { rows: unknown[] };
      return moved.rows.length > 0;
    },
    30_000,
    'an email send waiting for its retry',
  );
  server.emails.wake();
}

/**
 * Every link an email carries: the `href`s of its HTML part (entities undone) and the URLs in its text part,
 * for checks that links use PUBLIC_URL and carry no token or guest id.
 */
export function linksOf(email: ReceivedEmail): string[] {
  const html = typeof email.parsed.html === 'string' ? email.parsed.html : '';
  const hrefs = [...html.matchAll(/href="([^"]*)"/g)].map((match) => match[1]!.replaceAll('&amp;', '&'));
  const texts = [...(email.parsed.text ?? '').matchAll(/https?:\/\/[^\s\]>)]+/g)].map((match) => match[0]);
  return [...hrefs, ...texts];
}

/**
 * Checks an email's links: more than one, every one on `publicUrl`, and none carries the customer's
 * token, a guest id, a token or a sign-in code (docs/decisions/023-email.md: no credential in a link).
 */
export function expectSafeLinks(email: ReceivedEmail, publicUrl: string, customer: SessionResponse): void {
  const links = linksOf(email);
  expect(links.length).toBeGreaterThan(1);
  for (const link of links) {
    expect(link.startsWith(`${publicUrl}/`), link).toBe(true);
    expect(link).not.toContain(customer.token);
    expect(link).not.toMatch(/guest-|token|auth_code/i);
  }
}

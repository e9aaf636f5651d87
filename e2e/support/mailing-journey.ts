import { mkdir } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { startSmtpServer, type TestSmtpServer } from '../../server/test/support/smtp.ts';
import { startTestServer, type TestServer } from '../../server/test/support/test-server.ts';
import { launchBrowser } from './browser.ts';
import { SCREENSHOTS } from './chat.ts';

/** A browser journey that emails: a test SMTP server, the app on PGlite sending through it, and Chromium. */
export interface MailingJourney {
  browser: Browser;
  server: TestServer;
  smtp: TestSmtpServer;
  /** Closes the browser, the server and the SMTP server, whichever started. */
  stop(): Promise<void>;
}

/**
 * Starts a mailing journey: the SMTP server first, then the app (`SMTP_URL`, `MAIL_FROM`, `ADMIN_EMAILS`
 * and a sign-in limit no journey reaches, plus `env`), then the browser; the screenshot folder exists.
 * Call it from a `beforeAll` with a long timeout: a server starts slowly on a busy machine.
 * @param adminEmail who is admin on this server.
 * @param env more server settings (`EXPERT_RESPONSE_DEFAULT_MINUTES`, …).
 */
export async function startMailingJourney(adminEmail: string, env: Record<string, string> = {}): Promise<MailingJourney> {
  await mkdir(SCREENSHOTS, { recursive: true });
  const smtp = await startSmtpServer();
  const server = await startTestServer('pglite', {
    ADMIN_EMAILS: adminEmail,
    SIGN_IN_RATE_LIMIT: '1000',
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Unstuck <team@example.com>',
    ...env,
  });
  const browser = await launchBrowser();
  return {
    browser,
    server,
    smtp,
    stop: async () => {
      await browser.close();
      await server.destroy();
      await smtp.close();
    },
  };
}

import { mkdir } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../server/test/support/test-server.ts';
import { ADMIN, customerAcceptsAProposal, openTab, signInAsAdmin } from './support/admin.ts';
import { axeViolations } from './support/axe.ts';
import { launchBrowser } from './support/browser.ts';
import { closePage, SCREENSHOTS, shot } from './support/chat.ts';

let browser: Browser;
let server: TestServer;
const pageErrors: Error[] = [];
const CUSTOMER = { email: 'olive@example.com', name: 'Olive Outbox' };

beforeAll(async () => {
  await mkdir(SCREENSHOTS, { recursive: true });
  // No SMTP_URL: the embedded default keeps emails in the outbox.
  server = await startTestServer('pglite', { ADMIN_EMAILS: ADMIN.email, SIGN_IN_RATE_LIMIT: '1000' });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.destroy();
  expect(pageErrors).toEqual([]);
});

async function newPage(viewport = { width: 1280, height: 900 }): Promise<Page> {
  const page = await (await browser.newContext({ viewport })).newPage();
  page.on('pageerror', (error) => pageErrors.push(error));
  return page;
}

describe('email without an SMTP server', () => {
  it('a customer accepts a proposal; the admin reads the confirmation email in the Outbox tab, text and HTML', async () => {
    const customer = await newPage();
    await customerAcceptsAProposal(customer, server.url, CUSTOMER);
    const conversationId = new URL(customer.url()).searchParams.get('conversation');
    await closePage(customer);

    for (const [viewport, suffix] of [
      [{ width: 1280, height: 800 }, 'desktop'],
      [{ width: 390, height: 844 }, 'mobile'],
    ] as const) {
      const admin = await newPage(viewport);
      await signInAsAdmin(admin, server.url);
      await openTab(admin, 'Outbox');
      await admin.waitForURL(`${server.url}/admin/outbox`);
      await admin.getByText('No SMTP server is configured (SMTP_URL): emails are kept here and not sent.').waitFor();
      const row = admin.getByRole('row').filter({ hasText: CUSTOMER.email });
      await expect(row.textContent()).resolves.toMatch(/Your proposal is accepted: .*proposal_accepted.*In outbox/);
      await shot(admin, `email-outbox-1-list-${suffix}.png`, { fullPage: true });
      expect(await axeViolations(admin)).toEqual([]);

      await row.getByRole('button', { name: 'View' }).click();
      const email = admin.getByRole('region', { name: `Email to ${CUSTOMER.email}` });
      await email.getByRole('heading', { name: /^Your proposal is accepted: / }).waitFor();
      await expect(email.getByText('List-Unsubscribe-Post').count()).resolves.toBe(1);
      await expect(email.locator('pre').first().textContent()).resolves.toContain('What happens next');
      const link = email.getByRole('link', { name: 'Open your conversation' });
      const origin = server.url.replace('127.0.0.1', 'localhost');
      if (conversationId) await expect(link.getAttribute('href')).resolves.toBe(`${origin}/messages?conversation=${conversationId}`);
      else await expect(link.getAttribute('href')).resolves.toMatch(new RegExp(`^${origin}/messages\\?conversation=[0-9a-f-]{36}$`));
      await expect(link.getAttribute('rel')).resolves.toBe('noopener noreferrer');
      await email.getByRole('link', { name: 'Unsubscribe' }).waitFor();
      await email.scrollIntoViewIfNeeded();
      await shot(admin, `email-outbox-2-email-${suffix}.png`, { fullPage: true });
      expect(await axeViolations(admin)).toEqual([]);
      await closePage(admin);
    }
  });

  it('the customer turns email notifications off in Edit Profile, and the switch stays off', async () => {
    const page = await newPage();
    await page.goto(`${server.url}/dashboard`);
    await page.getByRole('heading', { name: 'Sign in to keep going' }).waitFor();
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Development sign-in' }).waitFor();
    await page.getByLabel('Email').fill(CUSTOMER.email);
    await page.getByLabel('Name').fill(CUSTOMER.name);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await page.goto(`${server.url}/edit-profile`);
    const toggle = page.getByRole('switch', { name: 'Email notifications' });
    await expect(toggle.isChecked()).resolves.toBe(true);
    await toggle.uncheck();
    await shot(page, 'email-outbox-3-profile-switch.png', { fullPage: true });
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Profile updated successfully!').waitFor();
    await page.waitForURL(`${server.url}/dashboard`);
    await page.goto(`${server.url}/edit-profile`);
    await expect(page.getByRole('switch', { name: 'Email notifications' }).isChecked()).resolves.toBe(false);
    await closePage(page);
  });
});

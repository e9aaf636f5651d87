import { mkdir } from 'node:fs/promises';
import type { Browser, Dialog, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MovableClock, startTestServer, type TestServer } from '../server/test/support/test-server.ts';
import { ADMIN, customerAcceptsAProposal, openTab, setAsExpert, signInAsAdmin, taskCard, userRow } from './support/admin.ts';
import { axeViolations } from './support/axe.ts';
import { launchBrowser } from './support/browser.ts';
import { closePage, SCREENSHOTS, shot } from './support/chat.ts';
import { signInThroughDashboard } from './support/sign-in.ts';

const HOUR = 60 * 60 * 1000;
const EXPIRED = 'This share link has expired. You can request access below.';

let browser: Browser;
let server: TestServer;
let baseUrl = '';
// The server runs in this process so that the test can move its clock past a link's expiry.
const clock = new MovableClock();
const pageErrors: Error[] = [];

beforeAll(async () => {
  await mkdir(SCREENSHOTS, { recursive: true });
  server = await startTestServer('pglite', { ADMIN_EMAILS: ADMIN.email, SIGN_IN_RATE_LIMIT: '1000' }, { clock });
  baseUrl = server.url;
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.destroy();
  expect(pageErrors).toEqual([]);
});

async function newPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
  const page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(error));
  return page;
}

/** Accepts the next `confirm`/`alert` and remembers its text. */
function answerDialogs(page: Page): string[] {
  const seen: string[] = [];
  page.on('dialog', (dialog: Dialog) => {
    seen.push(dialog.message());
    void dialog.accept();
  });
  return seen;
}

describe('the admin area', () => {
  it('an admin sets a user as expert, and creates an API key that is shown once', async () => {
    const expert = await newPage();
    await signInThroughDashboard(expert, baseUrl, { email: 'erin@example.com', name: 'Erin Expert' });
    await closePage(expert);

    const admin = await newPage();
    const dialogs = answerDialogs(admin);
    await signInAsAdmin(admin, baseUrl);
    await admin.getByRole('tab', { name: 'Users', selected: true }).waitFor();
    await userRow(admin, 'erin@example.com').waitFor();
    await expect(userRow(admin, 'erin@example.com').getByRole('cell', { name: 'No', exact: true }).count()).resolves.toBe(1);
    await setAsExpert(admin, 'erin@example.com');
    await userRow(admin, 'erin@example.com')
      .getByRole('button', { name: /^Refresh/ })
      .click();
    await admin.getByText('Refreshed Erin Expert from dev: 0 tasks updated.').waitFor();
    await shot(admin, 'admin-1-users.png');
    expect(await axeViolations(admin)).toEqual([]);

    await openTab(admin, 'API Keys');
    await admin.waitForURL(`${baseUrl}/admin/apikeys`);
    await admin.getByRole('button', { name: 'Create' }).click();
    // Both fields are required (docs/product.md "Validation"): nothing is created without them.
    await expect(admin.getByRole('dialog', { name: 'API Key Created' }).count()).resolves.toBe(0);
    // A key is for an agent that receives messages: the form offers those (today agent-1) and says what it means.
    await admin.getByLabel('Agent ID').selectOption('agent-1');
    await admin.getByText('Every guest and user conversation is addressed to agent-1.').waitFor();
    await admin.getByLabel('Agent Name').fill('Support agent');
    await admin.getByRole('button', { name: 'Create' }).click();
    const modal = admin.getByRole('dialog', { name: 'API Key Created' });
    await modal.getByText("Copy this API key now! You won't be able to see it again.").waitFor();
    const key = (await modal.getByLabel('New API key').textContent())!;
    expect(key).toMatch(/^unstuck_ak_[A-Za-z0-9_-]{43}$/);
    await modal.getByRole('button', { name: 'Copy to Clipboard' }).click();
    await modal.getByRole('button', { name: 'Copied!' }).waitFor();
    await expect(admin.evaluate(() => navigator.clipboard.readText())).resolves.toBe(key);
    await shot(admin, 'admin-2-api-key-once.png');
    await modal.getByRole('button', { name: 'Done' }).click();
    // agent-1 has a current key now: another one rotates it, and the form says what that means.
    await admin.getByRole('button', { name: 'Rotate key' }).waitFor();
    await admin.getByText('keeps working for 24 hours, then it is revoked').waitFor();

    const row = admin.getByRole('row').filter({ hasText: 'Support agent' });
    await expect(row.textContent()).resolves.toMatch(/Support agent.*Active.*Never.*0/);
    await expect(admin.content()).resolves.not.toContain(key);
    await admin.reload();
    await row.waitFor();
    await expect(admin.content()).resolves.not.toContain(key);
    await shot(admin, 'admin-3-api-keys.png');
    expect(await axeViolations(admin)).toEqual([]);

    await row.getByRole('button', { name: 'Revoke the key of Support agent' }).click();
    await row.getByText('Revoked').waitFor();
    expect(dialogs).toEqual(['Are you sure you want to revoke this API key? This action cannot be undone.']);
    await closePage(admin);
  });

  it("a customer's accepted task is shared from the Tasks tab, and a signed-out browser opens the link until it expires", async () => {
    const customer = await newPage();
    await customerAcceptsAProposal(customer, baseUrl, { email: 'carol@example.com', name: 'Carol Customer' });
    await closePage(customer);

    const admin = await newPage();
    await signInAsAdmin(admin, baseUrl);
    await openTab(admin, 'Tasks');
    const card = taskCard(admin, 'carol@example.com');
    await card.getByText('User Accepted').waitFor();
    await card.getByRole('button', { name: 'Show Details' }).click();
    await card.getByRole('button', { name: 'Hide Details' }).waitFor();
    await card.getByText('Conversation (first 10 messages)').waitFor();
    await card.getByLabel('Admin Notes').fill('Carol prefers email.');
    await card.getByRole('button', { name: 'Save Notes' }).click();
    await card.getByRole('button', { name: 'Notes saved' }).waitFor();
    await shot(admin, 'admin-4-tasks.png', { fullPage: true });

    await card.getByRole('button', { name: 'Share Task' }).click();
    const modal = admin.getByRole('dialog', { name: 'Share Task' });
    await modal.getByRole('button', { name: 'Generate Share Link' }).click();
    const link = await modal.getByLabel('Share link').inputValue();
    expect(link).toMatch(new RegExp(`^${baseUrl}/task-share/[A-Za-z0-9_-]{43}$`));
    await modal.getByText('This link expires in 24 hours').waitFor();
    await modal.getByRole('button', { name: 'Copy Link' }).click();
    await expect(admin.evaluate(() => navigator.clipboard.readText())).resolves.toBe(link);
    const mailto = await modal.getByRole('link', { name: 'Email Link' }).getAttribute('href');
    expect(mailto).toMatch(/^mailto:\?subject=/);
    expect(decodeURIComponent(mailto!)).toContain(link);
    await shot(admin, 'admin-5-share-modal.png');
    expect(await axeViolations(admin)).toEqual([]);
    await modal.getByRole('button', { name: 'Copy Link' }).press('Escape');

    // A browser that never signed in opens the link: the page is not for search engines, and
    // checking the task's shape trips no Content-Security-Policy rule (zod runs jitless).
    const stranger = await newPage();
    await stranger.addInitScript(() => {
      const seen: string[] = [];
      Object.assign(window, { cspViolations: seen });
      document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`));
    });
    const opened = await stranger.goto(link);
    expect(opened?.headers()['x-robots-tag']).toBe('noindex');
    await stranger.getByRole('heading', { name: 'Conversation Context' }).waitFor();
    await expect(stranger.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).resolves.toEqual([]);
    await stranger.getByText('User Accepted').waitFor();
    await stranger.getByRole('heading', { name: 'Client' }).waitFor();
    await expect(stranger.getByRole('listitem', { name: 'Message from User' }).count()).resolves.toBeGreaterThan(0);
    await expect(stranger.getByRole('listitem', { name: 'Message from Unstuck AI' }).count()).resolves.toBeGreaterThan(0);
    await stranger.getByText(/Shared on .* · Expires on /).waitFor();
    await stranger.getByRole('link', { name: 'Back to home' }).waitFor();
    const text = await stranger.content();
    expect(text).not.toContain('carol@example.com');
    expect(text).not.toContain('[[TASK SECTION]]');
    await shot(stranger, 'share-1-page.png', { fullPage: true });
    expect(await axeViolations(stranger)).toEqual([]);

    // A day later the link has expired: the access-request form takes its place.
    clock.advance(25 * HOUR);
    const alerts = answerDialogs(stranger);
    await stranger.reload();
    await stranger.getByText(EXPIRED).waitFor();
    const submit = stranger.getByRole('button', { name: 'Submit' });
    await expect(submit.isDisabled()).resolves.toBe(true);
    await stranger.getByLabel('Name').fill('Erin Expert');
    await expect(stranger.getByLabel('Email').getAttribute('type')).resolves.toBe('email');
    await stranger.getByLabel('Email').fill('erin@example.com');
    await expect(submit.isDisabled()).resolves.toBe(true);
    await stranger.getByLabel('Message').fill('I was asked to look at this task.');
    await shot(stranger, 'share-2-expired.png');
    expect(await axeViolations(stranger)).toEqual([]);
    await submit.click();
    await stranger.getByText('Your request was sent.').waitFor();
    expect(alerts).toEqual(['Access request submitted successfully. We will review your request and get back to you.']);

    await admin.reload();
    await taskCard(admin, 'carol@example.com').getByText('1 access request', { exact: true }).waitFor();

    // A revoked link is "no longer active"; an unknown one is not found.
    await taskCard(admin, 'carol@example.com').getByRole('button', { name: 'Share Task' }).click();
    await modal.getByRole('button', { name: 'Generate Share Link' }).click();
    const second = await modal.getByLabel('Share link').inputValue();
    await modal.getByRole('listitem').filter({ hasText: 'active' }).getByRole('button', { name: 'Revoke' }).click();
    await modal.getByRole('listitem').filter({ hasText: 'revoked' }).first().waitFor();
    await stranger.goto(second);
    await stranger.getByText('This share link is no longer active.').waitFor();
    await stranger.getByRole('form', { name: 'Request access' }).waitFor();
    await shot(stranger, 'share-3-inactive.png');
    await stranger.goto(`${baseUrl}/task-share/${'x'.repeat(43)}`);
    await stranger.getByText('Share link not found. It may have been deleted or is invalid.').waitFor();
    await expect(stranger.getByRole('form', { name: 'Request access' }).count()).resolves.toBe(0);
    await stranger.goto(`${baseUrl}/task-share/`);
    await stranger.getByText('Invalid share link').waitFor();
    await closePage(stranger);

    await modal.press('Escape');

    // The admin approves Erin's request: a new link is made and emailed to her.
    await card.getByRole('button', { name: 'Show Details' }).click();
    await card.getByRole('button', { name: 'Approve the request of Erin Expert' }).click();
    await card.getByText(/^Approved .*: a new link was emailed$/).waitFor();
    await expect(card.getByRole('button', { name: 'Decline the request of Erin Expert' }).count()).resolves.toBe(0);
    await shot(admin, 'admin-8-access-request-approved.png', { fullPage: true });
    await openTab(admin, 'Outbox');
    await admin.getByRole('cell', { name: 'erin@example.com' }).first().waitFor();

    await openTab(admin, 'User Conversations');
    await admin.getByText('Select a user to view conversations').waitFor();
    await admin.getByRole('button', { name: /Carol Customer/ }).click();
    await admin.getByText('Select a conversation to view messages').waitFor();
    await admin.getByRole('region', { name: 'Conversations' }).getByRole('button', { pressed: false }).first().click();
    // Staff see the agent's notes for them, labelled and rendered, never the raw marker.
    const staffMessages = admin.getByRole('region', { name: 'Messages' });
    await staffMessages.getByRole('region', { name: 'Notes for staff' }).first().waitFor();
    await expect(staffMessages.getByText('[[TASK SECTION]]').count()).resolves.toBe(0);
    await shot(admin, 'admin-6-conversations.png', { fullPage: true });
    expect(await axeViolations(admin)).toEqual([]);

    await openTab(admin, 'Audit Log');
    await admin.getByRole('cell', { name: 'share_link.create' }).first().waitFor();
    await shot(admin, 'admin-7-audit-log.png');
    await closePage(admin);
    // Longer than the default: the journey takes the customer's whole intake, sharing and an access request's answer.
  }, 300_000);
});

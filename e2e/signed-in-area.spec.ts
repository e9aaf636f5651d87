import { mkdir } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser.ts';
import {
  agentMessages,
  AGENT_TIMEOUT,
  FIRST_MESSAGE,
  generatedTransfer,
  SCREENSHOTS,
  sendAndAwaitReply,
  shot,
  closePage,
  THINKING,
} from './support/chat.ts';
import { startServer, type TestServer } from './support/server.ts';
import { signInThroughDashboard } from './support/sign-in.ts';

/** An admin: skills and accomplishments are for experts and admins (customers never see them). */
const STAFF_EMAIL = 'ada@example.com';
let browser: Browser;
let server: TestServer;
const pageErrors: Error[] = [];

beforeAll(async () => {
  await mkdir(SCREENSHOTS, { recursive: true });
  [browser, server] = await Promise.all([launchBrowser(), startServer({ ADMIN_EMAILS: STAFF_EMAIL })]);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  expect(pageErrors).toEqual([]);
});

async function signedInPage(email: string, name: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(error));
  await signInThroughDashboard(page, server.baseUrl, { email, name });
  return page;
}

const jobsSection = (page: Page) => page.getByRole('region', { name: 'Your Active Jobs' });

async function openSubmitJob(page: Page) {
  await page.getByRole('link', { name: 'Submit New Job' }).click();
  await page.getByRole('heading', { name: 'Submit a Job to the agent' }).waitFor();
}

async function fillJob(page: Page, title: string) {
  await page.getByLabel(/Job Title/).fill(title);
  await page.getByLabel(/Job Description/).fill('It times out after 10 seconds on Vercel since last week.');
  await page.getByLabel(/Preferred Technology Stack/).fill('Next.js, Stripe');
}

/** Drags a text file from outside the browser onto the attachments zone. */
async function dropFile(page: Page, name: string, content: string) {
  const dataTransfer = await generatedTransfer(page, [{ name, type: 'text/plain', text: content }]);
  const zone = page.getByTestId('attachment-drop-zone');
  await zone.dispatchEvent('dragover', { dataTransfer });
  await zone.dispatchEvent('drop', { dataTransfer });
}

/** Submits, sees the success text and the cleared form, and lands in the new conversation in Messages, titled by the job. */
async function submitAndOpenJob(page: Page, title: RegExp) {
  await page.getByRole('button', { name: 'Submit Job' }).click();
  await page.getByText('Job submitted successfully! Opening your conversation...').waitFor({ timeout: 20_000 });
  await expect(page.getByLabel(/Job Title/).inputValue()).resolves.toBe('');
  await shot(page, 'submit-job-done.png');
  await page.waitForURL(/\/messages\?conversation=/, { timeout: 10_000 });
  await page.getByRole('navigation', { name: 'Your conversations' }).getByRole('button', { name: title }).first().waitFor();
}

describe('the signed-in area', () => {
  it('a new customer sees the empty dashboard without expert fields, edits the profile and sees it after the redirect', async () => {
    const page = await signedInPage('lin@example.com', 'Lin');
    await jobsSection(page).getByText('No active jobs found').waitFor();
    await page.getByText('Edit Profile to change your name, email and emails.').waitFor();
    await expect(page.getByText('No skills added yet').count()).resolves.toBe(0);
    await expect(page.getByText('No accomplishments added yet').count()).resolves.toBe(0);
    const quickActions = page.getByRole('navigation', { name: 'Quick actions' });
    await expect(quickActions.getByRole('link', { name: 'Messages' }).textContent()).resolves.toBe('Messages');
    await shot(page, 'dashboard-empty.png', { fullPage: true });

    await page.getByRole('link', { name: 'Edit Profile' }).click();
    await page.getByRole('heading', { name: 'Edit Profile' }).waitFor();
    await page.getByLabel('Name').fill('Lin Okafor');
    await page.getByLabel('Availability').selectOption('Short-term');
    await expect(page.getByLabel('New skill').count()).resolves.toBe(0);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Profile updated successfully!').waitFor();
    await page.waitForURL(`${server.baseUrl}/dashboard`, { timeout: 10_000 });
    await page.getByText('Availability: Short-term').waitFor();
    // The app shell's account button is named from a token re-issued with the saved profile.
    await page.getByRole('banner').getByRole('button', { name: 'Account: Lin Okafor' }).waitFor();
    await page.getByText('Raw profile data').click();
    await page.getByText('"availability": "Short-term"').waitFor();
    await closePage(page);
  });

  it('an admin (as an expert would) sees and edits skills and accomplishments', async () => {
    const page = await signedInPage(STAFF_EMAIL, 'Ada');
    await page.getByText('No skills added yet').waitFor();
    await page.getByText('No accomplishments added yet').waitFor();
    await page.getByRole('link', { name: 'Edit Profile' }).click();
    await page.getByRole('heading', { name: 'Edit Profile' }).waitFor();
    await page.getByLabel('Availability').selectOption('Short-term');
    for (const skill of ['TypeScript', '  React  ', 'PostgreSQL']) {
      await page.getByLabel('New skill').fill(skill);
      await page.getByRole('button', { name: 'Add skill' }).click();
    }
    await page.getByRole('button', { name: 'Remove PostgreSQL' }).click();
    await page.getByLabel('New accomplishment').fill('Shipped a payments platform');
    await page.getByLabel('New accomplishment').press('Enter');
    await shot(page, 'edit-profile.png', { fullPage: true });
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Profile updated successfully!').waitFor();
    await shot(page, 'edit-profile-saved.png');
    await page.waitForURL(`${server.baseUrl}/dashboard`, { timeout: 10_000 });

    const skills = page.getByRole('list', { name: 'Skills' });
    await expect(skills.getByRole('listitem').allTextContents()).resolves.toEqual(['TypeScript', 'React']);
    await page.getByRole('list', { name: 'Accomplishments' }).getByText('Shipped a payments platform').waitFor();
    await page.getByText('Availability: Short-term').waitFor();
    await shot(page, 'dashboard-profile.png', { fullPage: true });
    await closePage(page);
  });

  it('a conversation from the home page is a job on the dashboard; Messages shows it unread, opens it and continues it', async () => {
    const page = await signedInPage('sam@example.com', 'Sam');
    await page.goto(`${server.baseUrl}/`);
    await sendAndAwaitReply(page, FIRST_MESSAGE);
    // Sam answers from another device while this tab is on the dashboard: the agent's reply is unread.
    await page.goto(`${server.baseUrl}/dashboard`);
    const status = await page.evaluate(async () => {
      const response = await fetch('/api/v2/messages', {
        method: 'POST',
        headers: { authorization: `Bearer ${localStorage.getItem('auth_token')}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          content: 'It started right after the upgrade; Next.js 14 with TypeScript.',
          recipientId: 'agent-1',
          conversationId: localStorage.getItem('current_conversation_id'),
        }),
      });
      return response.status;
    });
    expect(status).toBe(200);
    const job = jobsSection(page).getByRole('listitem');
    await job.first().waitFor();
    await expect(job.count()).resolves.toBe(1);
    await expect.poll(() => page.getByTestId('unread-badge').textContent(), { timeout: AGENT_TIMEOUT }).toBe('1');
    await shot(page, 'dashboard-jobs.png', { fullPage: true });

    // The app shell's Messages link counts the same unread message.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Messages, 1 unread' }).waitFor();
    await page
      .getByRole('navigation', { name: 'Quick actions' })
      .getByRole('link', { name: /Messages, 1 unread/ })
      .click();
    await page.getByRole('heading', { name: 'Messages' }).waitFor();
    const item = page.getByRole('navigation', { name: 'Your conversations' }).getByRole('button');
    await item.getByLabel('1 unread').waitFor();
    await shot(page, 'messages-list.png', { fullPage: true });
    await item.click();
    await expect.poll(() => agentMessages(page).count()).toBe(2);
    await item.getByLabel('1 unread').waitFor({ state: 'detached' });
    await sendAndAwaitReply(page, 'My budget is about $500 and I need it by Friday.');
    await expect.poll(() => agentMessages(page).count()).toBe(3);
    await page.getByText(THINKING).waitFor({ state: 'detached' });
    await shot(page, 'messages-thread.png', { fullPage: true });

    // The job's link on the dashboard opens the same conversation.
    await page.goto(`${server.baseUrl}/dashboard`);
    await expect(page.getByTestId('unread-badge').count()).resolves.toBe(0);
    await jobsSection(page).getByRole('link').first().click();
    await page.waitForURL(/\/messages\?conversation=/);
    await expect.poll(() => agentMessages(page).count()).toBe(3);
    // The home page still restores its own conversation.
    await page.goto(`${server.baseUrl}/`);
    await expect.poll(() => agentMessages(page).count()).toBe(3);
    await closePage(page);
  });

  it('a conversation titled with a long unbroken URL wraps on Messages instead of widening the page over the list', async () => {
    const page = await signedInPage('ula@example.com', 'Ula');
    await page.goto(`${server.baseUrl}/`);
    await sendAndAwaitReply(page, `https://example.com/${'averyverylongpathsegment'.repeat(12)} fails on Vercel since the upgrade.`);
    await page.goto(`${server.baseUrl}/messages`);
    await page.getByRole('navigation', { name: 'Your conversations' }).getByRole('button').first().click();
    await expect.poll(() => agentMessages(page).count()).toBe(1);
    await shot(page, 'messages-long-title.png', { fullPage: true });
    const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, viewport: window.innerWidth }));
    expect(widths.page).toBeLessThanOrEqual(widths.viewport);
    await closePage(page);
  });

  it('a job is submitted from the form: required fields, dragged files listed and removable, then listed under "Your Active Jobs"', async () => {
    const page = await signedInPage('kim@example.com', 'Kim');
    await openSubmitJob(page);
    await page.getByRole('button', { name: 'Submit Job' }).click();
    await page.getByText('Please provide both a title and description for your job').waitFor();
    await fillJob(page, 'Fix the checkout timeout');
    await dropFile(page, 'checkout-log.txt', 'Error: checkout timed out after 10000 ms\n'.repeat(60));
    await dropFile(page, 'screenshot.png', 'not really a png');
    const files = page.getByRole('list', { name: 'Chosen files' });
    await files.getByText('checkout-log.txt').waitFor();
    await files.getByText('2.4 KB').waitFor();
    await shot(page, 'submit-job.png', { fullPage: true });
    await page.getByRole('button', { name: 'Remove checkout-log.txt' }).click();
    await page.getByRole('button', { name: 'Remove screenshot.png' }).click();
    await files.waitFor({ state: 'detached' });
    await submitAndOpenJob(page, /checkout/i);
    await expect.poll(() => agentMessages(page).count(), { timeout: AGENT_TIMEOUT }).toBeGreaterThan(0);
    await page.getByRole('article', { name: 'Message from You' }).getByText('Job Title: Fix the checkout timeout').waitFor();
    await shot(page, 'submit-job-thread.png', { fullPage: true });
    await closePage(page);
  });

  it('a job with a dragged file is uploaded, submitted and shows the file in Messages', async () => {
    const page = await signedInPage('lee@example.com', 'Lee');
    await openSubmitJob(page);
    await fillJob(page, 'Fix the failing invoice export');
    await dropFile(page, 'invoice-error.txt', 'TypeError: cannot read properties of undefined (reading total)\n');
    await submitAndOpenJob(page, /invoice/i);
    await page
      .getByRole('link', { name: /invoice-error\.txt/ })
      .first()
      .waitFor();
    await expect.poll(() => agentMessages(page).count(), { timeout: AGENT_TIMEOUT }).toBeGreaterThan(0);
    await shot(page, 'submit-job-file-thread.png', { fullPage: true });
    await closePage(page);
  });
});

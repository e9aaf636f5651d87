import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestSmtpServer } from '../server/test/support/smtp.ts';
import type { TestServer } from '../server/test/support/test-server.ts';
import { ADMIN, customerAcceptsAProposal, openTab, setAsExpert, signInAsAdmin, taskCard } from './support/admin.ts';
import { axeViolations } from './support/axe.ts';
import { closePage, messageBox, shot } from './support/chat.ts';
import { startMailingJourney, type MailingJourney } from './support/mailing-journey.ts';
import { signInThroughDashboard } from './support/sign-in.ts';

/**
 * The human half (docs/product.md "Working with the expert", "Expert Queue"): a customer and an
 * expert in two browsers at once, each seeing the other's messages without reloading, from the
 * acceptance to the customer's rating. Screenshots of both sides, desktop and phone.
 */

const CUSTOMER = { email: 'carol@example.com', name: 'Carol Customer' };
const EXPERT = { email: 'eve@example.com', name: 'Eve Expert' };
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 375, height: 812 };
/** Longer than the slowest path that carries a message to the other side (the polls, under load). */
const LIVE = 30_000;
/** EXPERT_RESPONSE_DEFAULT_MINUTES of this server (180) as the customer reads it. */
const EXPECTED_REPLY = 'An expert usually replies within 3 hours';

let browser: Browser;
let server: TestServer;
let smtp: TestSmtpServer;
let journey: MailingJourney | undefined;
const pageErrors: Error[] = [];

beforeAll(async () => {
  journey = await startMailingJourney(ADMIN.email, {
    EXPERT_RESPONSE_DEFAULT_MINUTES: '180',
    // The matched expert's digest of new tasks goes out a second after the acceptance, not 15 minutes.
    EMAIL_NEW_TASKS_DIGEST_SECONDS: '1',
  });
  ({ browser, server, smtp } = journey);
}, 240_000);

afterAll(async () => {
  await journey?.stop();
  expect(pageErrors).toEqual([]);
});

async function newPage(
  viewport = DESKTOP,
  storageState?: Awaited<ReturnType<BrowserContext['storageState']>>,
  colorScheme: 'light' | 'dark' = 'light',
): Promise<Page> {
  const page = await (await browser.newContext({ viewport, storageState, colorScheme })).newPage();
  page.on('pageerror', (error) => pageErrors.push(error));
  return page;
}

/** Whether the page scrolls sideways (a layout that breaks on a phone). */
const overflowsSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);

/** Opens the same signed-in page on a phone, takes its screenshot and checks it does not scroll sideways. */
async function phoneShot(
  from: Page,
  path: string,
  name: string,
  ready: (page: Page) => Promise<unknown>,
  colorScheme: 'light' | 'dark' = 'light',
): Promise<void> {
  const phone = await newPage(PHONE, await from.context().storageState(), colorScheme);
  await phone.goto(`${server.url}${path}`);
  await ready(phone);
  await shot(phone, name);
  await expect(overflowsSideways(phone)).resolves.toBe(false);
  await closePage(phone);
}

describe('the human half', () => {
  it('a customer and an expert work on an accepted task together, live, until the customer confirms and rates it', async () => {
    // An expert with the skill the task will need; the admin flags them while they are signed in.
    const expert = await newPage();
    await signInThroughDashboard(expert, server.url, EXPERT);
    await expect(expert.getByRole('link', { name: 'Expert Queue' }).count()).resolves.toBe(0);
    await expert.evaluate(
      async (profile) => {
        const token = localStorage.getItem('auth_token');
        const response = await fetch('/api/v1/users/profile', {
          method: 'PUT',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify(profile),
        });
        if (!response.ok) throw new Error(`profile: ${response.status}`);
      },
      { name: EXPERT.name, email: EXPERT.email, skills: ['Next.js', 'TypeScript'] },
    );
    const admin = await newPage();
    await signInAsAdmin(admin, server.url);
    await setAsExpert(admin, EXPERT.email);
    // The next page load shows the Expert Queue: the server's flag, not the token's old claim.
    await expert.reload();
    const main = expert.getByRole('navigation', { name: 'Main' });
    await main.getByRole('link', { name: 'Expert Queue' }).waitFor();

    // The customer accepts; the composer stays open, addressed to the expert team.
    const customer = await newPage();
    await customerAcceptsAProposal(customer, server.url, CUSTOMER, { expectedReply: EXPECTED_REPLY });
    await expect(messageBox(customer).getAttribute('placeholder')).resolves.toBe('Message the expert team…');
    await expect(messageBox(customer).isEnabled()).resolves.toBe(true);
    await expect(customer.getByRole('button', { name: 'Share code via GitHub' }).isEnabled()).resolves.toBe(true);

    // The matched expert is told by email.
    const [email] = await smtp.waitFor(EXPERT.email);
    expect(email?.parsed.subject ?? '').not.toBe('');
    // Until an expert takes it, the customer's job card says when one usually replies.
    const waiting = await newPage(DESKTOP, await customer.context().storageState());
    await waiting.goto(`${server.url}/dashboard`);
    await waiting.getByRole('list', { name: 'Active jobs' }).getByText(EXPECTED_REPLY).waitFor();
    await closePage(waiting);

    // The expert's workspace: the task is matched to them; they open it and take it.
    await main.getByRole('link', { name: 'Expert Queue' }).click();
    const matched = expert.getByRole('region', { name: /^Matched to you/ });
    const row = matched.getByRole('article').filter({ hasText: CUSTOMER.name });
    await row.waitFor({ timeout: LIVE });
    // The accepted price and hours, as the customer accepted them.
    await row.getByText(/^\$[\d,]+(–\$[\d,]+)?$/).waitFor();
    await row.getByText(/\(\d+(–\d+)? hours\)/).waitFor();
    await shot(expert, 'human-half-1-queue-desktop.png', { fullPage: true });
    expect(await axeViolations(expert)).toEqual([]);
    await phoneShot(expert, '/expert-queue', 'human-half-1-queue-mobile.png', (p) =>
      p
        .getByRole('region', { name: /^Matched to you/ })
        .getByRole('article')
        .first()
        .waitFor(),
    );
    await row.getByRole('link').first().click();
    await expert.getByText('Take this task to read the conversation and answer the customer.').waitFor();
    await expert.getByRole('button', { name: 'Take task' }).click();
    const expertBox = expert.getByRole('textbox', { name: 'Message' });
    await expertBox.waitFor();
    await expect(expertBox.getAttribute('placeholder')).resolves.toBe(`Message ${CUSTOMER.name}…`);

    // The customer sees who took it, without reloading, and writes to them by name.
    await customer
      .getByText(/took your task/)
      .first()
      .waitFor({ timeout: LIVE });
    await expect.poll(() => messageBox(customer).getAttribute('placeholder'), { timeout: LIVE }).toBe('Message Eve…');
    // The expert reads the same event told to staff, not the customer's line.
    await expert.getByText(`${EXPERT.name} took the task`).waitFor({ timeout: LIVE });
    await expect(expert.getByText(/took your task/).count()).resolves.toBe(0);

    // The expert's reply appears in the customer's open chat.
    await expertBox.fill('Hi Carol, I am **Eve**. Could you send me the full error log?');
    await expertBox.press('Enter');
    const reply = customer.getByRole('article', { name: `Message from ${EXPERT.name}` });
    await reply.waitFor({ timeout: LIVE });
    await reply.getByText('Human expert').waitFor();
    await expect(reply.locator('strong').first().textContent()).resolves.toBe('Eve');

    // The customer answers with an attachment; it appears in the expert's open task.
    await customer.locator('input[type="file"]').setInputFiles({
      name: 'vercel-log.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('TypeError: Cannot read properties of undefined (reading "headers")\n    at app/api/users/route.ts:4:18\n'),
    });
    await messageBox(customer).fill('Here is the log from Vercel.');
    await messageBox(customer).press('Enter');
    const answer = expert
      .getByRole('article', { name: `Message from ${CUSTOMER.name}` })
      .filter({ hasText: 'Here is the log from Vercel.' });
    await answer.waitFor({ timeout: LIVE });
    await answer.getByRole('link', { name: /vercel-log\.txt/ }).waitFor();

    // The expert answers with a file too (the customer's send path); both sides show it.
    await expert.locator('input[type="file"]').setInputFiles({
      name: 'fix.patch',
      mimeType: 'text/x-diff',
      buffer: Buffer.from('--- a/app/api/users/route.ts\n+++ b/app/api/users/route.ts\n'),
    });
    await expertBox.fill('Try this patch.');
    await expertBox.press('Enter');
    const patch = customer.getByRole('article', { name: `Message from ${EXPERT.name}` }).filter({ hasText: 'Try this patch.' });
    await patch.getByRole('link', { name: /fix\.patch/ }).waitFor({ timeout: LIVE });
    // The patch's text is its attachment, not written out in the message.
    await expect(patch.textContent()).resolves.not.toContain('+++ b/app');
    await expert.getByRole('link', { name: /fix\.patch/ }).waitFor({ timeout: LIVE });

    await shot(customer, 'human-half-2-customer-chat-desktop.png');
    expect(await axeViolations(customer)).toEqual([]);
    await shot(expert, 'human-half-3-task-desktop.png');
    expect(await axeViolations(expert)).toEqual([]);
    const taskPath = new URL(expert.url()).pathname;
    await phoneShot(
      expert,
      taskPath,
      'human-half-3-task-mobile-dark.png',
      (p) => p.getByRole('textbox', { name: 'Message' }).waitFor(),
      'dark',
    );

    // The expert waits on the customer, then marks the task done.
    const status = expert.getByRole('group', { name: 'Task status' });
    await status.getByRole('button', { name: 'Waiting on the customer' }).click();
    await expect.poll(() => status.getByRole('button', { name: 'Waiting on the customer' }).getAttribute('aria-pressed')).toBe('true');
    // The customer's dashboard: the job card with its status, its expert and the latest event line.
    const dashboard = await newPage(DESKTOP, await customer.context().storageState());
    await dashboard.goto(`${server.url}/dashboard`);
    const job = dashboard.getByRole('list', { name: 'Active jobs' }).getByRole('listitem').first();
    await job.getByText('Waiting on customer').first().waitFor({ timeout: LIVE });
    await job.getByText(`With ${EXPERT.name}, human expert`).waitFor();
    await shot(dashboard, 'human-half-4-dashboard-desktop.png', { fullPage: true });
    expect(await axeViolations(dashboard)).toEqual([]);
    await closePage(dashboard);
    await phoneShot(customer, '/dashboard', 'human-half-4-dashboard-mobile.png', (p) =>
      p.getByRole('list', { name: 'Active jobs' }).getByText(`With ${EXPERT.name}, human expert`).waitFor(),
    );
    await status.getByRole('button', { name: 'Done' }).click();
    await expert.getByText('Only the customer can reopen a done task.').waitFor();

    // The customer confirms and rates, in the same open chat.
    const done = customer.getByRole('region', { name: 'Your task is done' });
    await done.getByRole('button', { name: 'Confirm' }).waitFor({ timeout: LIVE });
    await done.getByRole('button', { name: 'Reopen' }).waitFor();
    await shot(customer, 'human-half-5-customer-done-desktop.png');
    expect(await axeViolations(customer)).toEqual([]);
    await done.getByRole('button', { name: 'Confirm' }).click();
    await done.getByText('Done and confirmed.').waitFor();
    // The expert's status panel follows the event line that tells of it, not its next poll (5 s later).
    await expert.getByText(`${CUSTOMER.name} confirmed the work is done`).waitFor({ timeout: LIVE });
    await expert.getByText(/Confirmed by the customer/).waitFor({ timeout: 2500 });
    await done.getByRole('radio', { name: '5 stars' }).check({ force: true });
    await done.getByLabel('Comment (optional)').fill('Fixed in an afternoon, thank you Eve!');
    await done.getByRole('button', { name: 'Send rating' }).click();
    await done.getByText('You rated 5 out of 5').waitFor();
    await shot(customer, 'human-half-6-customer-rated-desktop.png');
    // The home page opens the same conversation on the phone (it is the current one in this browser).
    await phoneShot(
      customer,
      '/',
      'human-half-6-customer-rated-mobile-dark.png',
      (p) => p.getByText('You rated 5 out of 5').waitFor(),
      'dark',
    );

    // The dashboard remembers the finished work: its expert, the rating, its dates and final proposal.
    const history = await newPage(DESKTOP, await customer.context().storageState());
    await history.goto(`${server.url}/dashboard`);
    const finished = history.getByRole('list', { name: 'Finished jobs' }).getByRole('listitem').first();
    await finished.getByText(`Done by ${EXPERT.name}, human expert`).waitFor();
    await finished.getByText('You rated it 5 out of 5: “Fixed in an afternoon, thank you Eve!”').waitFor();
    await finished.getByText(/^Accepted .*, done .*, confirmed /).waitFor();
    await finished.getByText(/^Final proposal/).click();
    await finished.getByRole('heading', { name: 'Scope' }).waitFor();
    await expect(history.getByText('No active jobs found').count()).resolves.toBe(1);
    await shot(history, 'human-half-9-dashboard-finished-desktop.png', { fullPage: true });
    expect(await axeViolations(history)).toEqual([]);
    await closePage(history);
    await phoneShot(
      customer,
      '/dashboard',
      'human-half-9-dashboard-finished-mobile-dark.png',
      (p) => p.getByRole('list', { name: 'Finished jobs' }).getByText(`Done by ${EXPERT.name}, human expert`).waitFor(),
      'dark',
    );

    // The expert sees the rating; the admin reads it and the task's expert.
    await expert.getByLabel('Rated 5 out of 5').waitFor({ timeout: LIVE });
    await shot(expert, 'human-half-7-task-done-desktop.png');
    await openTab(admin, 'Tasks');
    await admin.getByText(/5\.0 of 5 from 1 rating/).waitFor();
    await taskCard(admin, CUSTOMER.email).waitFor();
    await shot(admin, 'human-half-8-admin-tasks-desktop.png');
    for (const page of [customer, expert, admin]) await closePage(page);
  }, 420_000);
});

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionResponse } from '@unstuck/contract';
import { callJson } from '../server/test/support/http.ts';
import { signIn } from '../server/test/support/sign-in.ts';
import type { TestSmtpServer } from '../server/test/support/smtp.ts';
import { flagExpert } from '../server/test/support/staff.ts';
import type { TestServer } from '../server/test/support/test-server.ts';
import { DETAILED_MESSAGE, messageBox, proposalButtons, sendAndAwaitReply, shot } from './support/chat.ts';
import { startMailingJourney, type MailingJourney } from './support/mailing-journey.ts';
import { signInThroughDashboard } from './support/sign-in.ts';

/**
 * What the customer reads after "✓ Sounds good" (docs/product.md "Proposals in the chat", "Working with
 * the expert"; issue 28): the thank-you modal promises only what happens, and the note under the composer
 * follows the task through each state, on a phone, in light and dark.
 */

const CUSTOMER = { email: 'dana@example.com', name: 'Dana Customer' };
const ADMIN = { email: 'admin@example.com', name: 'Alice Admin' };
const EXPERT = { email: 'eve@example.com', name: 'Eve Expert' };
const PHONE = { width: 375, height: 812 };
/** Longer than the slowest way a task's change reaches the customer's page (its event line, else the 15 s poll). */
const LIVE = 30_000;
const AI_NOTICE = 'is an AI agent: it gathers all the information';
const OLD_PROMISES = /within 24 hours|kickoff|project manager|Our team will/i;

let browser: Browser;
let server: TestServer;
let smtp: TestSmtpServer;
let journey: MailingJourney | undefined;
const pageErrors: Error[] = [];

beforeAll(async () => {
  journey = await startMailingJourney(ADMIN.email, { EXPERT_RESPONSE_DEFAULT_MINUTES: '180' });
  ({ browser, server, smtp } = journey);
}, 240_000);

afterAll(async () => {
  await journey?.stop();
  expect(pageErrors).toEqual([]);
});

/** The page as it is, once in the light theme and once in the dark one (`after-acceptance-{name}-{theme}.png`). */
async function bothThemes(page: Page, name: string): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await shot(page, `after-acceptance-${name}-${colorScheme}.png`);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

/** Waits until the note under the composer reads `text`, and checks no old promise shows on the page. */
async function noteReads(page: Page, text: string): Promise<void> {
  await page.getByRole('status').filter({ hasText: text }).waitFor({ timeout: LIVE });
  await expect(page.locator('body').innerText()).resolves.not.toMatch(OLD_PROMISES);
}

describe('after acceptance', () => {
  it('the thank-you modal and the note under the composer say what happens, in each state of the task', async () => {
    const page = await (await browser.newContext({ viewport: PHONE })).newPage();
    page.on('pageerror', (error) => pageErrors.push(error));
    await signInThroughDashboard(page, server.url, CUSTOMER);
    await page.goto(`${server.url}/`);
    await sendAndAwaitReply(page, DETAILED_MESSAGE);
    await proposalButtons(page).accept.click();

    // The modal: the expected reply, the email that really went, no call the proposal lacks.
    const thanks = page.getByRole('dialog', { name: 'Thank you! Your proposal has been accepted successfully.' });
    await thanks.waitFor();
    await expect(thanks.getByRole('listitem').allInnerTexts()).resolves.toEqual([
      'An expert whose skills fit your request takes the task and writes to you in this conversation.',
      'An expert usually replies within 3 hours.',
      `We have emailed a confirmation to ${CUSTOMER.email}.`,
      'You can continue the conversation here at any time.',
    ]);
    await expect(thanks.innerText()).resolves.not.toMatch(/call|24 hours|project manager/i);
    await smtp.waitFor(CUSTOMER.email);
    await bothThemes(page, 'thank-you');
    await thanks.getByRole('button', { name: 'Continue Conversation' }).click();

    // Waiting for an expert: the expected reply, and the AI notice still there.
    await noteReads(page, 'Proposal accepted. Waiting for an expert to take your task. An expert usually replies within 3 hours.');
    await expect(page.getByText(AI_NOTICE).count()).resolves.toBe(1);
    await bothThemes(page, 'waiting');

    // An expert takes it: "Eve is on it.", the AI notice goes.
    const admin = await signIn({ url: server.url }, ADMIN);
    const expert = await signIn({ url: server.url }, EXPERT);
    await flagExpert({ url: server.url }, admin, expert);
    const conversationId = await page.evaluate(() => localStorage.getItem('current_conversation_id'));
    const asExpert = (path: string, body?: unknown) => callJson(server.url, 'POST', path, { token: expert.token }, body);
    const taskId = await taskOf(expert, conversationId ?? '');
    // The expert's card: the price range, and the customer's budget and deadline in their words.
    const queue = await (await browser.newContext({ viewport: PHONE })).newPage();
    queue.on('pageerror', (error) => pageErrors.push(error));
    await signInThroughDashboard(queue, server.url, EXPERT);
    await queue.goto(`${server.url}/expert-queue`);
    const card = queue.getByRole('article').filter({ hasText: CUSTOMER.name });
    await card.waitFor({ timeout: LIVE });
    await expect(card.innerText()).resolves.toMatch(/\$300–\$1,000 \(3–10 hours\) · budget \$500 · deadline by next Friday/);
    await shot(queue, 'after-acceptance-expert-card-light.png');
    await queue.context().close();

    expect((await asExpert(`/api/expert/tasks/${taskId}/take`)).status).toBe(200);
    await noteReads(page, 'Eve is on it.');
    await expect(page.getByText(AI_NOTICE).count()).resolves.toBe(0);
    await expect(messageBox(page).getAttribute('placeholder')).resolves.toBe('Message Eve…');
    await bothThemes(page, 'expert-holds');

    // The expert waits on the customer.
    expect((await asExpert(`/api/expert/tasks/${taskId}/status`, { status: 'WAITING_ON_CUSTOMER' })).status).toBe(200);
    await noteReads(page, 'Eve is waiting on you: your answer keeps the work moving.');
    await bothThemes(page, 'waiting-on-you');

    // Done, then confirmed.
    expect((await asExpert(`/api/expert/tasks/${taskId}/done`)).status).toBe(200);
    await noteReads(page, 'Eve marked the work as done: confirm it or reopen it.');
    await bothThemes(page, 'done');
    await page.getByRole('button', { name: 'Confirm', exact: true }).click();
    await noteReads(page, 'Done and confirmed. You can still write here.');
    await expect(page.getByText(AI_NOTICE).count()).resolves.toBe(0);
    await bothThemes(page, 'confirmed');
    await page.context().close();
  }, 240_000);
});

/** The id of the task of a conversation, as the expert's workspace lists it. */
async function taskOf(expert: SessionResponse, conversationId: string): Promise<string> {
  const workspace = (await callJson(server.url, 'GET', '/api/expert/tasks', { token: expert.token })).body as Record<
    'matched' | 'unassigned' | 'mine' | 'done',
    Array<{ id: string; conversationId: string }>
  >;
  const task = [...workspace.matched, ...workspace.unassigned].find((t) => t.conversationId === conversationId);
  if (!task) throw new Error(`no waiting task for conversation ${conversationId}`);
  return task.id;
}

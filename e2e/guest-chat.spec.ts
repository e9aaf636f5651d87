import { mkdir } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser.ts';
import {
  AGENT_TIMEOUT,
  DETAILED_MESSAGE,
  FIRST_MESSAGE,
  proposalButtons,
  SCREENSHOTS,
  sendAndAwaitReply,
  shot,
  agentMessages,
  closePage,
  THINKING,
} from './support/chat.ts';
import { startServer, type TestServer } from './support/server.ts';
import { signInThroughDashboard } from './support/sign-in.ts';

/** Answers for the agent's clarifying questions, in the order it tends to ask them. */
const ANSWERS = [
  `The Vercel log says: "TypeError: Cannot read properties of undefined (reading 'headers')" in app/api/users/route.ts. Next.js 14 with TypeScript.`,
  'I need it fixed by next Friday.',
  'My budget is about $500.',
  'That is everything, thanks.',
];

let server: TestServer;
let browser: Browser;
const pageErrors: Error[] = [];

beforeAll(async () => {
  await mkdir(SCREENSHOTS, { recursive: true });
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  expect(pageErrors).toEqual([]);
});

/** Opens the home page; `signedIn` signs in through the development provider first. */
async function openHome(signedIn?: { email: string; name: string }): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
  const page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(error));
  if (signedIn) await signInThroughDashboard(page, server.baseUrl, signedIn);
  await page.goto(`${server.baseUrl}/`);
  await page.getByRole('heading', { level: 1 }).waitFor();
  return page;
}

describe('guest chat on the home page', () => {
  it('a guest describes a problem, watches the agent think, answers its question and reaches a proposal', async () => {
    const page = await openHome();
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toContain('Stuck building with AI?');
    await expect(page.getByText('beta', { exact: true }).isVisible()).resolves.toBe(true);
    await expect(page.getByText('Bring your ideas to life with human expert help.').isVisible()).resolves.toBe(true);
    await shot(page, '1-hero.png');

    await page.getByRole('textbox', { name: 'Message' }).fill(FIRST_MESSAGE);
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByRole('status').filter({ hasText: THINKING }).waitFor();
    await expect(page.getByRole('article', { name: 'Message from You' }).textContent()).resolves.toContain(FIRST_MESSAGE);
    await shot(page, '2-thinking.png');

    const reply = agentMessages(page).first();
    await reply.waitFor({ timeout: AGENT_TIMEOUT });
    await page.getByText(THINKING).waitFor({ state: 'detached' });
    const replyText = (await reply.textContent()) ?? '';
    expect(replyText).toContain(`Replying to: ${FIRST_MESSAGE.slice(0, 50).trimEnd()}...`);
    await expect(page.locator('textarea:focus').count()).resolves.toBe(1);
    await shot(page, '3-agent-reply.png');

    // The guest answers the question in detail and reaches a proposal with both buttons.
    await sendAndAwaitReply(page, `${ANSWERS[0]} I need it fixed by next Friday and my budget is about $500.`);
    const { accept, modify } = proposalButtons(page);
    await accept.waitFor();
    await expect(modify.isVisible()).resolves.toBe(true);
    await shot(page, '4-guest-proposal.png');

    // Two messages is a guest's limit: the next one shows the sign-in card instead of being sent.
    await page.getByRole('textbox', { name: 'Message' }).fill('One more thing: it is Node 20.');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByRole('heading', { name: 'Sign in to keep going' }).waitFor();
    await expect(page.getByRole('button', { name: 'Sign in' }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole('article', { name: 'Message from You' }).count()).resolves.toBe(2);
    await shot(page, '4b-guest-sign-in-card.png');
    await closePage(page);
  });

  it('a guest who gives every detail at once gets a proposal, and accepting it asks them to sign in', async () => {
    const page = await openHome();
    await sendAndAwaitReply(page, DETAILED_MESSAGE);
    const { accept, modify } = proposalButtons(page);
    await accept.waitFor();
    await expect(modify.isVisible()).resolves.toBe(true);
    await shot(page, '5-guest-proposal.png');

    await accept.click();
    const dialog = page.getByRole('dialog', { name: 'Sign in to continue' });
    await dialog.waitFor();
    await expect(dialog.textContent()).resolves.toContain('Accept and manage proposals');
    await shot(page, '6-sign-in-modal.png');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect(accept.isVisible()).resolves.toBe(true);
    await closePage(page);
  });
});

describe('signed-in chat on the home page', () => {
  it('a signed-in user answers the questions, modifies the proposal, then accepts the revised one', async () => {
    const page = await openHome({ email: 'ada@example.com', name: 'Ada Lovelace' });
    const { accept, modify } = proposalButtons(page);

    await sendAndAwaitReply(page, FIRST_MESSAGE);
    for (const answer of ANSWERS) {
      if ((await accept.count()) > 0) break;
      await sendAndAwaitReply(page, answer);
    }
    await accept.waitFor();
    await expect(modify.isVisible()).resolves.toBe(true);
    await shot(page, '7-proposal.png');

    // Modify: the agent asks what to change; the answer brings a revised proposal.
    const before = await agentMessages(page).count();
    await modify.click();
    await expect.poll(() => agentMessages(page).count(), { timeout: AGENT_TIMEOUT }).toBeGreaterThan(before);
    await page.getByText('Modification requested').waitFor();
    await expect(accept.count()).resolves.toBe(0);
    await sendAndAwaitReply(page, 'Please also add a regression test for every API route.');
    await expect(accept.count()).resolves.toBe(1);

    // The revised proposal is version 2 and lists what changed (docs/decisions/030-proposal-versions.md).
    const revised = agentMessages(page).last();
    await expect(revised.getByText('Version 2', { exact: true }).isVisible()).resolves.toBe(true);
    const changes = revised.getByRole('region', { name: 'What changed from version 1' });
    await expect(changes.getByRole('listitem').first().textContent()).resolves.toBe('+Added: Regression test for every API route');
    await expect(changes.getByText(/^Estimate: .+ → .+$/).isVisible()).resolves.toBe(true);
    await revised.screenshot({ path: `${SCREENSHOTS}/7b-revised-proposal.png` });
    // A phone in dark mode: the card and its changes fit 390 px.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(390);
    await changes.scrollIntoViewIfNeeded();
    await shot(page, '7c-revised-proposal-phone-dark.png');
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize({ width: 1280, height: 860 });

    await accept.click();
    const thanks = page.getByRole('dialog', { name: 'Thank you! Your proposal has been accepted successfully.' });
    await thanks.waitFor();
    await shot(page, '8-thank-you.png');
    await thanks.getByRole('button', { name: 'Continue Conversation' }).click();
    await page.getByText('Proposal Accepted!').waitFor();
    // The chat stays open after acceptance, addressed to the human experts (README "Deviations").
    await expect(page.getByRole('textbox', { name: 'Message' }).getAttribute('placeholder')).resolves.toBe('Message the expert team…');
    await shot(page, '9-accepted.png');

    // The conversation and its accepted state survive a reload.
    await page.reload();
    await page.getByText('Proposal Accepted!').waitFor();
    await expect(page.getByText('✓ Proposal accepted').isVisible()).resolves.toBe(true);
    await closePage(page);
  });
});

import { mkdir } from 'node:fs/promises';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callJson } from '../server/test/support/http.ts';
import { signInWithDevProvider } from '../server/test/support/sign-in.ts';
import { ADMIN } from './support/admin.ts';
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
  messageBox,
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
  server = await startServer({ ADMIN_EMAILS: ADMIN.email });
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

    // The conversation's code loads as the guest starts to write (decision 098). On a busy machine it can
    // arrive after the agent's first answer, and the thinking indicator it draws is then never shown.
    const conversationCode = page.waitForResponse((answer) =>
      /^\/assets\/conversation-messages-[\w-]+\.js$/.test(new URL(answer.url()).pathname),
    );
    await page.getByRole('textbox', { name: 'Message' }).fill(FIRST_MESSAGE);
    await conversationCode;
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
    // The guest is told before their last message.
    await expect(page.getByText('1 message left before signing in').isVisible()).resolves.toBe(true);
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
    // The card comes into view with its Sign in button focused; Send says why it waits; the text stays.
    const signIn = page.getByRole('button', { name: 'Sign in', exact: true });
    await expect.poll(() => signIn.evaluate((button) => button === document.activeElement)).toBe(true);
    await expect.poll(() => signIn.evaluate((button) => button.getBoundingClientRect().bottom <= window.innerHeight)).toBe(true);
    await expect(page.getByRole('button', { name: 'Send' }).isDisabled()).resolves.toBe(true);
    await expect(page.getByText('Sign in to send your message: it waits here.').isVisible()).resolves.toBe(true);
    await expect(page.getByRole('textbox', { name: 'Message' }).inputValue()).resolves.toBe('One more thing: it is Node 20.');
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

/** Presses Tab (Shift+Tab `backward`) until `target` has the focus; fails after 60 presses. */
async function tabTo(page: Page, target: Locator, backward = false): Promise<void> {
  for (let presses = 0; presses < 60; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
    await page.keyboard.press(backward ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

/** The focused element is on screen and below the sticky top bar (scroll-padding-top), not under it. */
const focusInSight = (page: Page) =>
  page.evaluate(() => {
    const focused = document.activeElement?.getBoundingClientRect();
    const bar = document.querySelector('.topbar')?.getBoundingClientRect().bottom ?? 0;
    return focused !== undefined && focused.top >= bar && focused.bottom <= window.innerHeight;
  });

describe('keyboard only', () => {
  it('a guest reaches a proposal, signs in, accepts it and answers the expert without a mouse; the focus is never lost', async () => {
    const page = await openHome();
    await tabTo(page, messageBox(page));
    // Typed, a line break would be Enter (send): the details go as one line.
    await page.keyboard.type(DETAILED_MESSAGE.replaceAll('\n', ' '));
    await page.keyboard.press('Enter');
    const { accept } = proposalButtons(page);
    await accept.waitFor({ timeout: AGENT_TIMEOUT });
    await page.getByText(THINKING).waitFor({ state: 'detached' });
    // The agent answered: the input has the focus again; the proposal's Accept is back up the page.
    await expect.poll(() => messageBox(page).evaluate((input) => input === document.activeElement), { timeout: 10_000 }).toBe(true);
    await tabTo(page, accept, true);
    await expect(focusInSight(page)).resolves.toBe(true);
    await page.keyboard.press('Enter');

    // Signing in, on the development provider's page too, by keyboard.
    const dialog = page.getByRole('dialog', { name: 'Sign in to continue' });
    await dialog.waitFor();
    await tabTo(page, dialog.getByRole('button', { name: 'Sign in' }));
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Development sign-in' }).waitFor();
    await tabTo(page, page.getByLabel('Email'));
    await page.keyboard.type('kim@example.com');
    await tabTo(page, page.getByLabel('Name'));
    await page.keyboard.type('Kim Keys');
    await page.keyboard.press('Enter');

    // Back home the acceptance runs by itself; Continue Conversation hands the focus to the composer.
    const thanks = page.getByRole('dialog', { name: 'Thank you! Your proposal has been accepted successfully.' });
    await thanks.waitFor({ timeout: AGENT_TIMEOUT });
    await tabTo(page, thanks.getByRole('button', { name: 'Continue Conversation' }));
    await page.keyboard.press('Enter');
    await thanks.waitFor({ state: 'detached' });
    await expect.poll(() => messageBox(page).evaluate((input) => input === document.activeElement), { timeout: 10_000 }).toBe(true);

    // An expert (the admin works the queue too) takes the task and writes; the customer answers by keyboard.
    const admin = await signInWithDevProvider(server.baseUrl, ADMIN);
    const queue = await callJson(server.baseUrl, 'GET', '/api/expert/tasks', { token: admin.token });
    const [task] = [...queue.body.matched, ...queue.body.unassigned] as Array<{ id: string }>;
    await callJson(server.baseUrl, 'POST', `/api/expert/tasks/${task?.id}/take`, { token: admin.token });
    await callJson(
      server.baseUrl,
      'POST',
      `/api/expert/tasks/${task?.id}/messages`,
      { token: admin.token },
      { content: 'Hi Kim, I am on it.' },
    );
    await page.getByRole('article', { name: `Message from ${ADMIN.name}` }).waitFor({ timeout: 30_000 });
    await tabTo(page, messageBox(page));
    await page.keyboard.type('Thank you, Alice!');
    await page.keyboard.press('Enter');
    await page.getByRole('article', { name: 'Message from You' }).filter({ hasText: 'Thank you, Alice!' }).waitFor();
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
    await page.getByText('Waiting for an expert to take your task').waitFor();
    // The chat stays open after acceptance, addressed to the human experts (README "Deviations").
    await expect(page.getByRole('textbox', { name: 'Message' }).getAttribute('placeholder')).resolves.toBe('Message the expert team…');
    await shot(page, '9-accepted.png');

    // The conversation and its accepted state survive a reload.
    await page.reload();
    await page.getByText('Waiting for an expert to take your task').waitFor();
    await expect(page.getByText('✓ Proposal accepted').isVisible()).resolves.toBe(true);
    await closePage(page);
  });
});

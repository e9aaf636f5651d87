import { mkdir } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser.ts';
import {
  DETAILED_MESSAGE,
  FIRST_MESSAGE,
  messageBox,
  proposalButtons,
  SCREENSHOTS,
  sendAndAwaitReply,
  shot,
  userMessages,
  closePage,
} from './support/chat.ts';
import { startServer, type TestServer } from './support/server.ts';
import { accountButton, signInThroughDashboard, signOut, submitDevSignIn } from './support/sign-in.ts';

const ADMIN_EMAIL = 'admin@example.com';
const POPUP_BLOCKED = 'Popup was blocked by your browser. Please disable popup blockers for this site and try again.';
/** Answers for the agent's clarifying questions, in the order it tends to ask them. */
const ANSWERS = [
  'I need it fixed by next Friday.',
  `The Vercel log says: "TypeError: Cannot read properties of undefined (reading 'headers')" in app/api/users/route.ts. Next.js 14 with TypeScript.`,
  'My budget is about $500.',
  'That is everything, thanks.',
];

let browser: Browser;
const pageErrors: Error[] = [];

beforeAll(async () => {
  await mkdir(SCREENSHOTS, { recursive: true });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  expect(pageErrors).toEqual([]);
});

async function newPage(setup?: (page: Page) => Promise<unknown>): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
  const page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(error));
  await setup?.(page);
  return page;
}

const message = messageBox;
const acceptButton = (page: Page) => proposalButtons(page).accept;
const stored = (page: Page, key: string) => page.evaluate((k) => localStorage.getItem(k), key);

async function acceptProposalAndSeeThanks(page: Page) {
  const thanks = page.getByRole('dialog', { name: 'Thank you! Your proposal has been accepted successfully.' });
  await thanks.waitFor();
  await page.getByText('Waiting for an expert to take your task').waitFor();
  await thanks.getByRole('button', { name: 'Continue Conversation' }).click();
  // The chat stays open after acceptance, addressed to the human experts (README "Deviations").
  await expect(message(page).isDisabled()).resolves.toBe(false);
  await expect(message(page).getAttribute('placeholder')).resolves.toBe('Message the expert team…');
}

/** A guest reaches a proposal at once and presses "✓ Sounds good": the sign-in modal opens. */
async function guestAcceptsAProposal(baseUrl: string) {
  const page = await newPage();
  await page.goto(`${baseUrl}/`);
  await sendAndAwaitReply(page, DETAILED_MESSAGE);
  await acceptButton(page).click();
  const dialog = page.getByRole('dialog', { name: 'Sign in to continue' });
  await dialog.waitFor();
  return { page, dialog };
}

describe('sign-in through the embedded development provider (redirect mode)', () => {
  let server: TestServer;

  beforeAll(async () => {
    // Many sign-ins from one address within a minute: the default limit (20) is not under test here.
    server = await startServer({ ADMIN_EMAILS: ADMIN_EMAIL, SIGN_IN_RATE_LIMIT: '1000' });
  });
  afterAll(() => server?.stop());

  it('a guest at the limit signs in, keeps the conversation, accepts the proposal and signs out', async () => {
    const page = await newPage();
    await page.goto(`${server.baseUrl}/`);
    await sendAndAwaitReply(page, FIRST_MESSAGE);
    await sendAndAwaitReply(page, ANSWERS[0] ?? '');
    const conversationId = await stored(page, 'current_conversation_id');
    expect(conversationId).toBeTruthy();

    // The third message shows the sign-in card instead of being sent.
    await message(page).fill('One more thing: it is Node 20.');
    await page.getByRole('button', { name: 'Send' }).click();
    const card = page.getByRole('region', { name: 'Sign in to keep going' });
    await card.waitFor();
    for (const benefit of [
      'Continue your conversations',
      'Access your chat history',
      'Share code through GitHub repositories',
      'Get help from human experts',
    ]) {
      await expect(card.getByText(benefit).isVisible()).resolves.toBe(true);
    }
    await shot(page, 'sign-in-1-card.png');

    await card.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Development sign-in' }).waitFor();
    await page.getByLabel('Email').fill('ada@example.com');
    await page.getByLabel('Name').fill('Ada Lovelace');
    await shot(page, 'sign-in-2-dev-provider.png');
    await submitDevSignIn(page, { email: 'ada@example.com', name: 'Ada Lovelace' });

    // Back on / without the one-time code in the URL, signed in, in the same conversation.
    await accountButton(page).waitFor();
    await page.waitForURL(`${server.baseUrl}/`);
    await expect(userMessages(page).count()).resolves.toBe(2);
    await expect(userMessages(page).first().textContent()).resolves.toContain(FIRST_MESSAGE);
    await expect(stored(page, 'current_conversation_id')).resolves.toBe(conversationId);
    await expect(stored(page, 'guest_session_id')).resolves.toBeNull();
    await expect(page.getByRole('region', { name: 'Sign in to keep going' }).count()).resolves.toBe(0);
    // What they had typed is still in the input, and the chat shows its newest message.
    await expect(message(page).inputValue()).resolves.toBe('One more thing: it is Node 20.');
    const newest = page.getByRole('log', { name: 'Conversation' }).getByRole('article').last();
    await expect
      .poll(() =>
        newest.evaluate((element) => {
          const box = element.getBoundingClientRect();
          return box.top >= 0 && box.top < window.innerHeight && box.bottom > 0;
        }),
      )
      .toBe(true);
    // The account menu's profile strip: photo (initial), name and email.
    await accountButton(page).click();
    await expect(page.getByText('Ada Lovelace').isVisible()).resolves.toBe(true);
    await expect(page.getByText('ada@example.com').isVisible()).resolves.toBe(true);
    await shot(page, 'sign-in-3-signed-in-home.png');
    await page.keyboard.press('Escape');

    // Signed in, the conversation goes on past the guest limit to the proposal.
    for (const answer of ['One more thing: it is Node 20.', ...ANSWERS.slice(1)]) {
      if ((await acceptButton(page).count()) > 0) break;
      await sendAndAwaitReply(page, answer);
    }
    await acceptButton(page).click();
    await acceptProposalAndSeeThanks(page);
    await shot(page, 'sign-in-4-accepted.png');

    const token = await stored(page, 'auth_token');
    expect(token).toBeTruthy();
    await signOut(page);
    await expect(stored(page, 'auth_token')).resolves.toBeNull();
    await page.getByRole('heading', { level: 1 }).waitFor();
    const refused = await fetch(`${server.baseUrl}/api/auth/refresh`, { method: 'POST', headers: { Authorization: `Bearer ${token}` } });
    expect(refused.status).toBe(401);
    await closePage(page);
  });

  it('a guest who accepts a proposal signs in from the modal and the acceptance goes through after sign-in', async () => {
    const { page, dialog } = await guestAcceptsAProposal(server.baseUrl);
    await expect(dialog.textContent()).resolves.toContain('Accept and manage proposals');
    const width = await dialog.evaluate((element) => element.getBoundingClientRect().width);
    expect(width).toBeLessThanOrEqual(420);
    await shot(page, 'sign-in-5-modal.png');

    await dialog.getByRole('button', { name: 'Sign in' }).click();
    await submitDevSignIn(page, { email: 'grace@example.com', name: 'Grace Hopper' });
    await acceptProposalAndSeeThanks(page);
    await expect(accountButton(page).getAttribute('aria-label')).resolves.toBe('Account: Grace Hopper');
    await closePage(page);
  });

  it('closing the sign-in modal forgets the proposal action', async () => {
    const { page, dialog } = await guestAcceptsAProposal(server.baseUrl);
    // A click on the backdrop (outside the panel) closes it.
    await page.mouse.click(10, 10);
    await dialog.waitFor({ state: 'detached' });

    await signInThroughDashboard(page, server.baseUrl, { email: 'linus@example.com', name: 'Linus' });
    await page.goto(`${server.baseUrl}/`);
    await acceptButton(page).waitFor();
    await page.waitForTimeout(500);
    await expect(page.getByText('Waiting for an expert to take your task').count()).resolves.toBe(0);
    await closePage(page);
  });

  it('a signed-out visitor on /dashboard lands on / with the sign-in card, and is back on /dashboard after signing in', async () => {
    const page = await newPage();
    await page.goto(`${server.baseUrl}/dashboard`);
    await page.waitForURL(`${server.baseUrl}/`);
    await page.getByRole('region', { name: 'Sign in to keep going' }).waitFor();

    await signInThroughDashboard(page, server.baseUrl, { email: 'barbara@example.com', name: 'Barbara Liskov' });
    await expect(page.getByRole('main').getByText('Barbara Liskov', { exact: true }).isVisible()).resolves.toBe(true);
    await shot(page, 'sign-in-6-dashboard.png');

    // /profile-setup only redirects: signed in, to /dashboard.
    await page.goto(`${server.baseUrl}/profile-setup`);
    await page.waitForURL(`${server.baseUrl}/dashboard`);

    // One sign-out, in the app shell's account menu, on every page.
    await signOut(page);
    await page.waitForURL(`${server.baseUrl}/`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await expect(page.getByRole('region', { name: 'Sign in to keep going' }).count()).resolves.toBe(0);
    await closePage(page);
  });

  it('a signed-in non-admin on /admin lands on /, an admin sees the admin area', async () => {
    const page = await newPage();
    await signInThroughDashboard(page, server.baseUrl, { email: 'bob@example.com', name: 'Bob' });
    await page.goto(`${server.baseUrl}/admin`);
    await page.waitForURL(`${server.baseUrl}/`);
    await closePage(page);

    const admin = await newPage();
    await admin.goto(`${server.baseUrl}/admin/users`);
    await admin.getByRole('heading', { name: 'Administrator Sign In Required' }).waitFor();
    await shot(admin, 'sign-in-7-admin-sign-in-required.png');
    await admin.getByRole('button', { name: 'Sign in' }).click();
    await submitDevSignIn(admin, { email: ADMIN_EMAIL, name: 'Alice Admin' });
    await admin.waitForURL(`${server.baseUrl}/admin/users`);
    await admin.getByRole('heading', { name: 'Admin dashboard' }).waitFor();
    await shot(admin, 'sign-in-8-admin.png');
    await closePage(admin);
  });

  it('a failed sign-in lands on /login-error with the reason and a way back', async () => {
    const page = await newPage();
    await page.goto(`${server.baseUrl}/login-error?code=too-many-requests`);
    await page.getByRole('heading', { name: 'There was an error during authentication' }).waitFor();
    await expect(page.getByRole('alert').textContent()).resolves.toBe('Too many sign-in attempts. Please wait a moment and try again.');
    await shot(page, 'sign-in-9-login-error.png');
    await page.getByRole('link', { name: 'Back to sign in' }).click();
    await page.getByRole('region', { name: 'Sign in to keep going' }).waitFor();

    // Cancelling at the provider is silent: back where the visitor started.
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Development sign-in' }).waitFor();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL(`${server.baseUrl}/`);
    await expect(page.getByRole('alert').count()).resolves.toBe(0);
    await closePage(page);
  });

  it('the debug pages work while DEBUG_PAGES is on', async () => {
    const page = await newPage();
    await page.goto(`${server.baseUrl}/debug-auth`);
    await page.getByText('No current user').waitFor();

    await page.goto(`${server.baseUrl}/api/test-redirect`);
    await page.waitForURL(/\/redirect-test\?/);
    await page.getByText('Redirect test successful').waitFor();

    await page.goto(`${server.baseUrl}/minimal-dashboard?token=not-a-token`);
    await page.getByText('Not authenticated. Please log in again.').waitFor();
    expect(new URL(page.url()).search).toBe('');

    await signInThroughDashboard(page, server.baseUrl, { email: 'edsger@example.com', name: 'Edsger' });
    await page.goto(`${server.baseUrl}/debug`);
    await page.getByRole('button', { name: 'Check health' }).click();
    await page.getByRole('log', { name: 'Diagnostics output' }).getByText('Check health: ok').waitFor();
    await page.getByRole('button', { name: 'List conversations' }).click();
    await page.getByRole('log', { name: 'Diagnostics output' }).getByText('List conversations: ok').waitFor();
    await expect(page.getByRole('link', { name: 'Sign in directly with LinkedIn' }).getAttribute('href')).resolves.toBe('/login/linkedin');
    await shot(page, 'sign-in-11-debug.png');
    await page.goto(`${server.baseUrl}/debug-auth`);
    await page.getByText('edsger@example.com').waitFor();
    await shot(page, 'sign-in-12-debug-auth.png');
    await page.goto(`${server.baseUrl}/minimal-dashboard`);
    await page.getByText('Edsger', { exact: true }).waitFor();
    await closePage(page);
  });
});

describe('popup sign-in on the production domain', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startServer((baseUrl) => ({
      NODE_ENV: 'production',
      AUTH_SECRET: 'e2e-production-secret-that-is-long-enough-0123',
      PUBLIC_URL: baseUrl,
      EMBEDDED_OIDC: 'true',
      SIGN_IN_RATE_LIMIT: '1000',
    }));
  });
  afterAll(() => server?.stop());

  it('a blocked popup shows why', async () => {
    const page = await newPage((p) => p.addInitScript('window.open = () => null;'));
    await page.goto(`${server.baseUrl}/dashboard`);
    await page.getByRole('region', { name: 'Sign in to keep going' }).getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert').textContent()).resolves.toContain(POPUP_BLOCKED);
    await shot(page, 'sign-in-10-popup-blocked.png');
    await closePage(page);
  });

  it('cancelling in the popup is silent; signing in there signs the page in and closes the popup', async () => {
    const page = await newPage();
    await page.goto(`${server.baseUrl}/dashboard`);
    const signInButton = page.getByRole('region', { name: 'Sign in to keep going' }).getByRole('button', { name: 'Sign in' });

    let popupOpened = page.waitForEvent('popup');
    await signInButton.click();
    let popup = await popupOpened;
    await popup.getByRole('heading', { name: 'Development sign-in' }).waitFor();
    await popup.getByRole('button', { name: 'Cancel' }).click();
    await popup.waitForEvent('close');
    await expect(page.getByRole('alert').count()).resolves.toBe(0);

    popupOpened = page.waitForEvent('popup');
    await signInButton.click();
    popup = await popupOpened;
    await submitDevSignIn(popup, { email: 'margaret@example.com', name: 'Margaret Hamilton' });
    await popup.waitForEvent('close');
    // Back to the page that needed sign-in, once its code has loaded.
    await page.waitForURL(`${server.baseUrl}/dashboard`);
    await page.getByText('Margaret Hamilton', { exact: true }).waitFor();
    await closePage(page);
  });

  it('debug pages do not exist in production: their paths are unknown pages (404)', async () => {
    const page = await newPage();
    const answer = await page.goto(`${server.baseUrl}/debug`);
    expect(answer?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    expect(page.url()).toBe(`${server.baseUrl}/debug`);
    await closePage(page);
  });
});

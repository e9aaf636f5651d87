import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser.ts';
import { closePage, FIRST_MESSAGE, sendAndAwaitReply } from './support/chat.ts';
import { startServer, type TestServer } from './support/server.ts';
import { signInThroughDashboard, submitDevSignIn } from './support/sign-in.ts';

const ATTACKER = { email: 'mallory@example.com', name: 'Mallory' };

let browser: Browser;
let server: TestServer;
const pageErrors: Error[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  server = await startServer({ SIGN_IN_RATE_LIMIT: '1000' }, { timeoutMs: 240_000 });
}, 300_000);

afterAll(async () => {
  await server?.stop();
  await browser?.close();
  expect(pageErrors).toEqual([]);
});

async function newPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
  const page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(error));
  return page;
}

const stored = (page: Page, key: string) => page.evaluate((k) => localStorage.getItem(k), key);

/** The attacker signs in in their own browser but stops at `/?auth_code=…`: the link they send out. */
async function attackerSignInLink(): Promise<string> {
  const page = await newPage();
  let link = '';
  // The callback's redirect carries the link; the app it lands on must not spend the code.
  page.on('response', (response) => {
    const location = response.headers().location;
    if (location?.includes('auth_code=')) link = new URL(location, response.url()).href;
  });
  await page.route('**/api/auth/session', (route) => route.abort());
  await page.goto(`${server.baseUrl}/api/auth/login/dev?return_to=%2F&mode=redirect`);
  await submitDevSignIn(page, ATTACKER);
  await expect.poll(() => link, { timeout: 30_000 }).not.toBe('');
  await closePage(page);
  return link;
}

/** A guest with a conversation: its guest id and conversation id. */
async function guestWithConversation() {
  const page = await newPage();
  await page.goto(`${server.baseUrl}/`);
  await sendAndAwaitReply(page, FIRST_MESSAGE);
  const guestId = (await stored(page, 'guest_session_id'))!;
  const conversationId = (await stored(page, 'current_conversation_id'))!;
  expect(guestId).toMatch(/^guest-/);
  expect(conversationId).toBeTruthy();
  return { page, guestId, conversationId };
}

const readAsGuest = (guestId: string, conversationId: string) =>
  fetch(`${server.baseUrl}/api/v2/conversations/${conversationId}/messages`, { headers: { 'x-guest-session-id': guestId } });

describe('login CSRF: links that would sign a guest in as somebody else', () => {
  let attackerToken = '';

  beforeAll(async () => {
    const page = await newPage();
    await signInThroughDashboard(page, server.baseUrl, ATTACKER);
    attackerToken = (await stored(page, 'auth_token'))!;
    await closePage(page);
  }, 120_000);

  const attackerConversations = async () => {
    const answer = await fetch(`${server.baseUrl}/api/conversations`, { headers: { authorization: `Bearer ${attackerToken}` } });
    expect(answer.status).toBe(200);
    return (await answer.json()) as unknown[];
  };

  it("a guest opening an attacker's /?auth_code= link is not signed in as the attacker and keeps its conversations", async () => {
    const link = await attackerSignInLink();
    const { page, guestId, conversationId } = await guestWithConversation();

    await page.goto(link);
    await page.waitForURL(`${server.baseUrl}/login-error`);
    expect(await stored(page, 'auth_token')).toBeNull();
    expect(await stored(page, 'guest_session_id')).toBe(guestId);
    expect((await readAsGuest(guestId, conversationId)).status).toBe(200);
    expect(await attackerConversations()).toEqual([]);

    // Back home the visitor is still the same guest.
    await page.goto(`${server.baseUrl}/`);
    await page.getByRole('textbox', { name: 'Message' }).waitFor();
    expect(await stored(page, 'auth_token')).toBeNull();
    expect(await stored(page, 'guest_session_id')).toBe(guestId);
    await closePage(page);
  }, 180_000);

  it("a guest opening /minimal-dashboard?token= with the attacker's token sees it but is not signed in by it", async () => {
    const { page, guestId, conversationId } = await guestWithConversation();

    await page.goto(`${server.baseUrl}/minimal-dashboard?token=${attackerToken}`);
    await page.getByText('Mallory', { exact: true }).waitFor();
    await page.getByText('It was not stored').waitFor();
    expect(new URL(page.url()).search).toBe('');
    expect(await stored(page, 'auth_token')).toBeNull();

    await page.goto(`${server.baseUrl}/`);
    await page.getByRole('textbox', { name: 'Message' }).waitFor();
    expect(await stored(page, 'auth_token')).toBeNull();
    expect(await stored(page, 'guest_session_id')).toBe(guestId);
    expect((await readAsGuest(guestId, conversationId)).status).toBe(200);
    expect(await attackerConversations()).toEqual([]);
    await closePage(page);
  }, 180_000);
});

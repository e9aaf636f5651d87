import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser.ts';
import { closePage, FIRST_MESSAGE, messageBox, SCREENSHOTS, shot } from './support/chat.ts';
import { startServer, type TestServer } from './support/server.ts';

/*
 * The chat reads the server's error code, not only its own counts (docs/decisions/024-error-codes.md):
 * a guest session whose messages were spent where this page cannot see them is stopped by the server's
 * guest_limit_reached, and the page says so.
 */

const GUEST_LIMIT_TEXT = "You've reached the 2-message limit for guest users. Please sign in to continue.";

let server: TestServer;
let browser: Browser;
const pageErrors: Error[] = [];

beforeAll(async () => {
  await mkdir(SCREENSHOTS, { recursive: true });
  server = await startServer({ AGENT_WORKER: 'false' });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  expect(pageErrors).toEqual([]);
});

/** Sends one message as the guest, as another tab or client would. */
async function sendAsGuest(guest: string, content: string, conversationId?: string): Promise<{ conversation_id: string }> {
  const response = await fetch(`${server.baseUrl}/api/v2/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-guest-session-id': guest },
    body: JSON.stringify({ content, recipientId: 'agent-1', conversationId }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { conversation_id: string };
}

describe('error codes in the chat', () => {
  it("a guest whose messages were spent elsewhere is told the guest limit by the server's code and shown the sign-in card", async () => {
    const guest = `guest-${randomBytes(8).toString('hex')}`;
    const first = await sendAsGuest(guest, FIRST_MESSAGE);
    await sendAsGuest(guest, 'It started after the upgrade.', first.conversation_id);

    // A page that shares the guest id but not the conversation: it counts no message of its own.
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.addInitScript((id) => window.localStorage.setItem('guest_session_id', id), guest);
    const page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error));
    await page.goto(`${server.baseUrl}/`);
    await messageBox(page).fill('One more question about the deploy');
    await page.getByRole('button', { name: 'Send' }).click();

    await page.getByRole('alert').filter({ hasText: GUEST_LIMIT_TEXT }).waitFor();
    await page.getByRole('region', { name: 'Sign in to keep going' }).waitFor();
    // Nothing is lost: the text is back in the box.
    await expect(messageBox(page).inputValue()).resolves.toBe('One more question about the deploy');
    await shot(page, 'error-codes-guest-limit.png');
    await closePage(page);
  });
});

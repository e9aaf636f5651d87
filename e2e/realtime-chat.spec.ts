import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser.ts';
import { AGENT_TIMEOUT, agentMessages, closePage, FIRST_MESSAGE, messageBox, shot, THINKING } from './support/chat.ts';
import { startServer, type TestServer } from './support/server.ts';

let server: TestServer;
let browser: Browser;
const pageErrors: Error[] = [];

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  expect(pageErrors).toEqual([]);
});

const isPoll = (url: string, method: string) => method === 'GET' && /\/api\/v2\/conversations\/[^/]+\/messages/.test(url);
const isEventStream = (url: string) => /\/api\/v2\/conversations\/[^/]+\/events/.test(url);

/**
 * Opens the home page, sends a first message and waits for the agent's answer; then, with the browser
 * aborting (Playwright route) either every poll or, from the start, the event stream, sends a second
 * message, and waits for the agent's second answer.
 */
async function secondAnswerWith(blocked: 'polls' | 'stream'): Promise<void> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
  const page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(error));
  let blocking = false;
  await page.route('**/api/v2/conversations/**', (route) => {
    const { url, method } = { url: route.request().url(), method: route.request().method() };
    const abort = blocked === 'stream' ? isEventStream(url) : blocking && isPoll(url, method);
    return abort ? route.abort() : route.continue();
  });
  await page.goto(`${server.baseUrl}/`);
  await messageBox(page).fill(FIRST_MESSAGE);
  await messageBox(page).press('Enter');
  await agentMessages(page).first().waitFor({ timeout: AGENT_TIMEOUT });
  await page.getByText(THINKING).waitFor({ state: 'detached' });

  // From here on the agent's answer can come only the way that is not blocked.
  blocking = true;
  await messageBox(page).fill('Next.js 14 with TypeScript; the log says the headers are undefined.');
  await messageBox(page).press('Enter');
  await expect.poll(() => agentMessages(page).count(), { timeout: AGENT_TIMEOUT }).toBe(2);
  await closePage(page);
}

describe('the open chat in real time', () => {
  it("shows the agent's message through the event stream while every poll fails", async () => {
    await secondAnswerWith('polls');
  });

  it('with the event stream blocked, polling still delivers the message', async () => {
    await secondAnswerWith('stream');
  });

  it('says "Reconnecting…" while the server cannot be reached, and shows the missed answer once it can', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, colorScheme: 'dark' });
    const page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error));
    // Down: the browser reaches neither the event stream nor the messages (the server restarting).
    let down = true;
    await page.route('**/api/v2/conversations/**', (route) => {
      const { url, method } = { url: route.request().url(), method: route.request().method() };
      return down && (isEventStream(url) || isPoll(url, method)) ? route.abort() : route.continue();
    });
    await page.goto(`${server.baseUrl}/`);
    await messageBox(page).fill(FIRST_MESSAGE);
    await messageBox(page).press('Enter');
    const notice = page.getByRole('status').filter({ hasText: 'Reconnecting…' });
    await notice.waitFor();
    await shot(page, 'realtime-reconnecting-mobile-dark.png');
    // The agent answers on the server meanwhile, but nothing can bring its answer here.
    await page.waitForTimeout(3000);
    await expect(agentMessages(page).count()).resolves.toBe(0);
    await expect(notice.isVisible()).resolves.toBe(true);

    down = false;
    await notice.waitFor({ state: 'hidden', timeout: 30_000 });
    await agentMessages(page).first().waitFor({ timeout: AGENT_TIMEOUT });
    await shot(page, 'realtime-reconnected-mobile-dark.png');
    await closePage(page);
  });
});

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInWithDevProvider } from '../server/test/support/sign-in.ts';
import { launchBrowser } from './support/browser.ts';
import {
  agentMessages,
  AGENT_TIMEOUT,
  closePage,
  FIRST_MESSAGE,
  messageBox,
  pickGeneratedFiles,
  shot,
  userMessages,
} from './support/chat.ts';
import { startServer, type TestServer } from './support/server.ts';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function newPage(token: string | null = null): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  if (token) await context.addInitScript((value) => localStorage.setItem('auth_token', value), token);
  return context.newPage();
}

const sendButton = (page: Page) => page.getByRole('button', { name: 'Send' });

describe('files are checked when picked', () => {
  it('an 11 MB file is refused at once with its reason beside it, and Send waits until it is removed', async () => {
    const page = await newPage();
    const uploads: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST') uploads.push(request.url());
    });
    await page.goto(`${server.baseUrl}/`);
    await messageBox(page).fill('Here is my project');
    await pickGeneratedFiles(page.locator('input[type="file"]'), [
      { name: 'project.zip', type: 'application/zip', size: 11 * 1024 * 1024 },
      { name: 'notes.txt', type: 'text/plain', text: 'a'.repeat(300) },
    ]);
    const refused = page.getByRole('listitem').filter({ hasText: 'project.zip' });
    await refused.getByText('This file is larger than 10 MB. Please send a smaller one.').waitFor();
    // Sizes as people read them.
    await refused.getByText('11.0 MB').waitFor();
    await page.getByRole('listitem').filter({ hasText: 'notes.txt' }).getByText('300 B').waitFor();
    await expect(sendButton(page).isDisabled()).resolves.toBe(true);
    await page.getByText('Remove the file that cannot be sent to send your message.').waitFor();
    await messageBox(page).press('Enter');
    await shot(page, 'files-1-refused-at-pick.png');
    expect(uploads).toEqual([]);

    await page.getByRole('button', { name: 'Remove project.zip' }).click();
    await expect(sendButton(page).isEnabled()).resolves.toBe(true);
    await sendButton(page).click();
    await userMessages(page)
      .first()
      .getByRole('link', { name: /notes\.txt/ })
      .waitFor();
    await closePage(page);
  });
});

describe('failures say what happened and can be retried', () => {
  it('a message sent while offline fails with Retry, the offline notice shows, and Retry sends it once back online', async () => {
    const page = await newPage();
    await page.goto(`${server.baseUrl}/`);
    await messageBox(page).waitFor();
    await page.context().setOffline(true);
    // The notice says what happens: nothing is queued, the text stays and Retry sends it.
    await page
      .getByText('You are offline. Nothing can be sent until you are back online: your text stays, with Retry.', { exact: false })
      .waitFor();
    await messageBox(page).fill(FIRST_MESSAGE);
    await messageBox(page).press('Enter');
    const banner = page.getByRole('alert').filter({ hasText: 'Failed to send message. Please try again.' });
    await banner.waitFor();
    // Nothing typed is lost, and the banner stays until dismissed or retried.
    await expect(messageBox(page).inputValue()).resolves.toBe(FIRST_MESSAGE);
    await page.waitForTimeout(5500);
    await expect(banner.isVisible()).resolves.toBe(true);
    await shot(page, 'errors-1-offline-send.png');

    await page.context().setOffline(false);
    await page.getByText('You are offline.', { exact: false }).waitFor({ state: 'detached' });
    await banner.getByRole('button', { name: 'Retry' }).click();
    await banner.waitFor({ state: 'detached' });
    await agentMessages(page).first().waitFor({ timeout: AGENT_TIMEOUT });
    await expect(userMessages(page).count()).resolves.toBe(1);
    await closePage(page);
  });

  it('a dashboard whose jobs cannot load says so in a sentence at once, and Retry loads them', async () => {
    const user = await signInWithDevProvider(server.baseUrl, { email: 'rita@example.com', name: 'Rita Retry' });
    const page = await newPage(user.token);
    await page.route('**/api/v2/user/tasks*', (route) => route.abort('internetdisconnected'));
    await page.goto(`${server.baseUrl}/dashboard`);
    const banner = page.getByRole('alert').filter({ hasText: 'We could not load your active jobs. Check your connection and try again.' });
    await banner.waitFor({ timeout: 8000 });
    await expect(page.getByText('Failed to fetch').count()).resolves.toBe(0);
    await shot(page, 'errors-2-dashboard-retry.png');

    await page.unroute('**/api/v2/user/tasks*');
    await banner.getByRole('button', { name: 'Retry' }).click();
    await page.getByText('No active jobs found').waitFor();
    await expect(banner.count()).resolves.toBe(0);
    await closePage(page);
  });
});

import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser.ts';
import { closePage, DETAILED_MESSAGE, proposalButtons, sendAndAwaitReply } from './support/chat.ts';
import { startServer, type TestServer } from './support/server.ts';
import { accountButton, signInThroughDashboard } from './support/sign-in.ts';

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

/** The axe-core violations of the page as it is now, as "rule: target" lines (WCAG 2.1 A and AA). */
async function violations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations.flatMap((v) => v.nodes.map((node) => `${v.id}: ${node.target.join(' ')}`));
}

describe('accessibility (axe-core, WCAG 2.1 AA)', () => {
  it('the hero view, the chat with a proposal and the sign-in modal have no violations', async () => {
    const page = await (await browser.newContext()).newPage();
    await page.goto(`${server.baseUrl}/`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await violations(page)).toEqual([]);

    await sendAndAwaitReply(page, DETAILED_MESSAGE);
    await proposalButtons(page).accept.waitFor();
    expect(await violations(page)).toEqual([]);

    await proposalButtons(page).accept.click();
    await page.getByRole('dialog', { name: 'Sign in to continue' }).waitFor();
    expect(await violations(page)).toEqual([]);
    await closePage(page);
  });

  it('the admin sign-in screen and the login error page have no violations', async () => {
    const page = await (await browser.newContext()).newPage();
    await page.goto(`${server.baseUrl}/admin`);
    await page.getByRole('heading', { name: 'Administrator Sign In Required' }).waitFor();
    expect(await violations(page)).toEqual([]);
    await page.goto(`${server.baseUrl}/login-error?code=network`);
    await page.getByText('Network error. Please check your connection and try again.').waitFor();
    expect(await violations(page)).toEqual([]);
    await closePage(page);
  });

  it('the dashboard and the signed-in home page have no violations', async () => {
    const page = await (await browser.newContext()).newPage();
    await signInThroughDashboard(page, server.baseUrl, { email: 'axe@example.com', name: 'Axe Tester' });
    expect(await violations(page)).toEqual([]);
    await page.goto(`${server.baseUrl}/`);
    await accountButton(page).waitFor();
    expect(await violations(page)).toEqual([]);
    await closePage(page);
  });

  it('Edit Profile, Submit Job and Messages with an open conversation have no violations', async () => {
    const page = await (await browser.newContext()).newPage();
    await signInThroughDashboard(page, server.baseUrl, { email: 'axe.area@example.com', name: 'Axe Area' });
    await page.goto(`${server.baseUrl}/`);
    await sendAndAwaitReply(page, DETAILED_MESSAGE);
    await page.goto(`${server.baseUrl}/dashboard`);
    await page.getByRole('region', { name: 'Your Active Jobs' }).getByRole('link').first().click();
    await page.getByRole('article').first().waitFor();
    expect(await violations(page)).toEqual([]);
    await page.goto(`${server.baseUrl}/edit-profile`);
    await page.getByRole('button', { name: 'Save Changes' }).waitFor();
    expect(await violations(page)).toEqual([]);
    await page.goto(`${server.baseUrl}/submit-job`);
    await page.getByRole('button', { name: 'Submit Job' }).waitFor();
    expect(await violations(page)).toEqual([]);
    await closePage(page);
  });
});

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callJson } from '../server/test/support/http.ts';
import { signInWithDevProvider } from '../server/test/support/sign-in.ts';
import { ADMIN } from './support/admin.ts';
import { launchBrowser } from './support/browser.ts';
import { closePage, messageBox } from './support/chat.ts';
import { startServer, type TestServer } from './support/server.ts';
import { accountButton, signOut } from './support/sign-in.ts';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer({ ADMIN_EMAILS: ADMIN.email, SIGN_IN_RATE_LIMIT: '1000' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A page signed in with `token` (as the app stores it after a sign-in). */
async function pageWithToken(token: string | null, options: { colorScheme?: 'light' | 'dark' } = {}): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, ...options });
  if (token) await context.addInitScript((value) => localStorage.setItem('auth_token', value), token);
  return context.newPage();
}

/** The names of the main navigation's links, in order. */
const navLinks = (page: Page) => page.getByRole('navigation', { name: 'Main' }).getByRole('link').allTextContents();

describe('the app shell', () => {
  it('shows each kind of person the links that are theirs, and one way to sign out on every page', async () => {
    const user = await signInWithDevProvider(server.baseUrl, { email: 'uma@example.com', name: 'Uma User' });
    const expert = await signInWithDevProvider(server.baseUrl, { email: 'eli@example.com', name: 'Eli Expert' });
    const admin = await signInWithDevProvider(server.baseUrl, ADMIN);
    await callJson(
      server.baseUrl,
      'POST',
      '/api/admin/users/set-expert',
      { token: admin.token },
      { userId: expert.user.uid, isExpert: true },
    );
    const expertNow = await callJson(server.baseUrl, 'POST', '/api/auth/refresh', { token: expert.token });

    const guest = await pageWithToken(null);
    await guest.goto(`${server.baseUrl}/docs/mcp-server`);
    // Public pages have no app navigation (read once the script drew the page, not its painted top).
    await guest.getByRole('navigation', { name: 'Contents' }).waitFor();
    await expect(guest.getByRole('navigation', { name: 'Main' }).count()).resolves.toBe(0);
    await guest.goto(`${server.baseUrl}/`);
    await guest.getByRole('navigation', { name: 'Main' }).waitFor();
    await expect(navLinks(guest)).resolves.toEqual(['Chat']);
    await guest.getByRole('link', { name: 'Sign in' }).click();
    await guest.getByRole('region', { name: 'Sign in to keep going' }).waitFor();
    await closePage(guest);

    const cases: Array<{ token: string; links: string[] }> = [
      { token: user.token, links: ['Chat', 'Messages', 'Dashboard'] },
      { token: expertNow.body.token as string, links: ['Chat', 'Messages', 'Dashboard', 'Expert Queue'] },
      { token: admin.token, links: ['Chat', 'Messages', 'Dashboard', 'Expert Queue', 'Admin'] },
    ];
    for (const { token, links } of cases) {
      const page = await pageWithToken(token);
      await page.goto(`${server.baseUrl}/dashboard`);
      await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
      await expect(navLinks(page)).resolves.toEqual(links);
      // Each link leads to its page, marked as the current one.
      for (const name of links) {
        await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true }).click();
        await expect
          .poll(() => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true }).getAttribute('aria-current'))
          .toBe('page');
      }
      await closePage(page);
    }

    // The expert queue had no way out: the account menu signs out there too.
    const page = await pageWithToken(expertNow.body.token as string);
    await page.goto(`${server.baseUrl}/expert-queue`);
    await page.getByRole('heading', { name: 'Expert Queue' }).waitFor();
    await signOut(page);
    await page.waitForURL(`${server.baseUrl}/`);
    // The signed-out shell draws after the account button leaves: wait for it rather than read it once.
    await page.getByRole('link', { name: 'Sign in' }).waitFor();
    await closePage(page);
  });

  it('gives focus back to the button that opened a modal when it closes, and to the account button on Escape', async () => {
    const user = await signInWithDevProvider(server.baseUrl, { email: 'fay@example.com', name: 'Fay Focus' });
    const page = await pageWithToken(user.token);
    await page.goto(`${server.baseUrl}/`);
    const share = page.getByRole('button', { name: 'Share code via GitHub' });
    await share.click();
    const dialog = page.getByRole('dialog', { name: 'Create GitHub Repository' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect(share.evaluate((button) => button === document.activeElement)).resolves.toBe(true);

    // Every modal has a Close button.
    await share.click();
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect(share.evaluate((button) => button === document.activeElement)).resolves.toBe(true);

    await share.click();
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect(share.evaluate((button) => button === document.activeElement)).resolves.toBe(true);

    await accountButton(page).click();
    await page.getByRole('button', { name: 'Sign out' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Sign out' }).waitFor({ state: 'hidden' });
    await expect(accountButton(page).evaluate((button) => button === document.activeElement)).resolves.toBe(true);
    await closePage(page);
  });

  it('follows the dark colour scheme of the system, and the light one', async () => {
    const background = async (colorScheme: 'light' | 'dark') => {
      const page = await pageWithToken(null, { colorScheme });
      await page.goto(`${server.baseUrl}/`);
      await messageBox(page).waitFor();
      const colours = await page.evaluate(() => {
        const body = getComputedStyle(document.documentElement);
        return { background: body.backgroundColor, text: body.color, scheme: body.colorScheme };
      });
      await closePage(page);
      return colours;
    };
    const luminance = (rgb: string) => {
      const [r = 0, g = 0, b = 0] = (rgb.match(/\d+/g) ?? []).map(Number);
      return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
    };
    const dark = await background('dark');
    const light = await background('light');
    expect(luminance(dark.background)).toBeLessThan(0.15);
    expect(luminance(dark.text)).toBeGreaterThan(0.8);
    expect(luminance(light.background)).toBeGreaterThan(0.9);
    expect(luminance(light.text)).toBeLessThan(0.15);
  });
});

import type { Page } from 'playwright-core';
import type { TestServer } from './server.ts';

/** Who to sign in as on the embedded provider's "Development sign-in" page. */
export interface DevUser {
  email: string;
  name: string;
}

/**
 * Fills in the embedded OpenID provider's login page (the page must be on it or heading there)
 * and submits it; the provider then sends the browser back to the app.
 */
export async function submitDevSignIn(page: Page, user: DevUser): Promise<void> {
  await page.getByRole('heading', { name: 'Development sign-in' }).waitFor();
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Name').fill(user.name);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * Signs in for real, the way a signed-out visitor does: /dashboard sends them to / with the
 * sign-in card, its button goes to the development sign-in, and after it they are back on
 * /dashboard. Resolves once the dashboard shows.
 */
export async function signInThroughDashboard(page: Page, baseUrl: string, user: DevUser): Promise<void> {
  await page.goto(`${baseUrl}/dashboard`);
  await page.getByRole('heading', { name: 'Sign in to keep going' }).waitFor();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await submitDevSignIn(page, user);
  await page.waitForURL(`${baseUrl}/dashboard`);
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
}

/**
 * Resolves once the server offers a sign-in provider: the embedded one starts only after the
 * server listens, so /api/health can answer a moment before it.
 */
export async function waitForSignIn(server: TestServer, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const response = await fetch(`${server.baseUrl}/api/auth/providers`);
    const body = (await response.json()) as { providers?: unknown[] };
    if (body.providers?.length) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`No sign-in provider within ${timeoutMs} ms:\n${server.output()}`);
}

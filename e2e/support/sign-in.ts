import type { Page } from 'playwright-core';

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

/** The app shell's account button (the avatar), named after the signed-in person. */
export const accountButton = (page: Page) => page.getByRole('button', { name: /^Account: / });

/** Signs out the way a person does: the account menu in the app shell, then "Sign out". */
export async function signOut(page: Page): Promise<void> {
  await accountButton(page).click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await accountButton(page).waitFor({ state: 'detached' });
}

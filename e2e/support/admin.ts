import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { DETAILED_MESSAGE, proposalButtons, sendAndAwaitReply } from './chat.ts';
import { signInThroughDashboard, submitDevSignIn, type DevUser } from './sign-in.ts';

/** The admin of the admin suites (ADMIN_EMAILS). */
export const ADMIN: DevUser = { email: 'admin@example.com', name: 'Alice Admin' };

/** Opens an admin tab by its name. */
export const openTab = (page: Page, name: string) => page.getByRole('tab', { name }).click();

/** Signs in on /admin the way a signed-out administrator does, and waits for the dashboard. */
export async function signInAsAdmin(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/admin`);
  await page.getByRole('heading', { name: 'Administrator Sign In Required' }).waitFor();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await submitDevSignIn(page, ADMIN);
  await page.getByRole('heading', { name: 'Admin dashboard' }).waitFor();
}

/**
 * A customer signs in, describes their problem on the home page, gets agent-1's proposal and
 * accepts it: the task is ACCEPTED and reaches the experts.
 */
export async function customerAcceptsAProposal(
  page: Page,
  baseUrl: string,
  customer: DevUser,
  options: { expectedReply?: string } = {},
): Promise<void> {
  await signInThroughDashboard(page, baseUrl, customer);
  await page.goto(`${baseUrl}/`);
  await sendAndAwaitReply(page, DETAILED_MESSAGE);
  // The expected first reply shows under the buttons before the customer answers.
  if (options.expectedReply) await page.locator('.proposal').getByText(options.expectedReply).waitFor();
  await proposalButtons(page).accept.click();
  const thanks = page.getByRole('dialog', { name: 'Thank you! Your proposal has been accepted successfully.' });
  await thanks.getByRole('button', { name: 'Continue Conversation' }).click();
  await page.getByText('Waiting for an expert to take your task').waitFor();
}

/** The Users tab's row of a person, by their email. */
export const userRow = (page: Page, email: string) => page.getByRole('row').filter({ hasText: email });

/** The Tasks tab's card of a customer's task, by their email. */
export const taskCard = (page: Page, email: string) => page.getByRole('article', { name: /^Task / }).filter({ hasText: email });

/** Makes a person an expert from the Users tab. */
export async function setAsExpert(page: Page, email: string): Promise<void> {
  await openTab(page, 'Users');
  const row = userRow(page, email);
  await row.getByRole('button', { name: 'Set as Expert' }).click();
  await row.getByRole('button', { name: 'Remove Expert' }).waitFor();
  await expect(row.getByRole('cell', { name: 'Yes', exact: true }).count()).resolves.toBe(1);
}

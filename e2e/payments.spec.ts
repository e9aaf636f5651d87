import { mkdir } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../server/test/support/test-server.ts';
import { ADMIN, openTab, signInAsAdmin, taskCard } from './support/admin.ts';
import { launchBrowser } from './support/browser.ts';
import { closePage, DETAILED_MESSAGE, proposalButtons, SCREENSHOTS, sendAndAwaitReply, shot } from './support/chat.ts';
import { signInThroughDashboard } from './support/sign-in.ts';

/**
 * Paying the deposit with the manual provider (docs/product.md "Payment"): the proposal card says what is
 * due at acceptance, the conversation shows the amount and the payment instructions, an admin marks the
 * deposit received on the task card, and the customer sees it arrive.
 */

const CUSTOMER = { email: 'paula@example.com', name: 'Paula Payer' };
const INSTRUCTIONS = 'Bank transfer to IBAN DE00 1234 5678, reference your task title.';
/** Longer than the task's poll (15 s) under load. */
const LIVE = 45_000;

let browser: Browser;
let server: TestServer;
const pageErrors: Error[] = [];

beforeAll(async () => {
  await mkdir(SCREENSHOTS, { recursive: true });
  server = await startTestServer('pglite', {
    ADMIN_EMAILS: ADMIN.email,
    SIGN_IN_RATE_LIMIT: '1000',
    PAYMENTS_PROVIDER: 'manual',
    PAYMENT_INSTRUCTIONS: INSTRUCTIONS,
  });
  browser = await launchBrowser();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await server?.destroy();
  expect(pageErrors).toEqual([]);
});

async function newPage(): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  page.on('pageerror', (error) => pageErrors.push(error));
  return page;
}

describe('paying the deposit with the manual provider', () => {
  it('shows the deposit due, and the customer sees it received once an admin marks it', async () => {
    const customer = await newPage();
    await signInThroughDashboard(customer, server.url, CUSTOMER);
    await customer.goto(`${server.url}/`);
    await sendAndAwaitReply(customer, DETAILED_MESSAGE);
    const note = customer.locator('.proposal').getByText(/^Due at acceptance: a deposit of \$[\d,]+\.00/);
    await note.waitFor();
    const deposit = /\$[\d,]+\.00/.exec((await note.textContent()) ?? '')![0];
    await proposalButtons(customer).accept.click();
    const thanks = customer.getByRole('dialog', { name: 'Thank you! Your proposal has been accepted successfully.' });
    // Work waits for the deposit: the modal and the note say so instead of an expert taking it at once.
    await thanks.getByText('Your proposal is accepted.').waitFor();
    await thanks.getByText('Pay the deposit shown in this conversation: your task then goes to our human experts.').waitFor();
    await thanks.getByRole('button', { name: 'Continue Conversation' }).click();
    await customer.getByText('Proposal accepted. Pay the deposit and your task goes to our experts.').waitFor();

    const payment = customer.getByRole('region', { name: 'Payment' });
    await payment.getByText(`Deposit due: ${deposit}`).waitFor({ timeout: LIVE });
    await payment.getByText(`How to pay ${deposit}: ${INSTRUCTIONS}`).waitFor();
    await payment.getByText('An expert starts once the deposit is paid.').waitFor();
    await shot(customer, 'payments-deposit-due.png');

    const admin = await newPage();
    await signInAsAdmin(admin, server.url);
    await openTab(admin, 'Tasks');
    const card = taskCard(admin, CUSTOMER.email);
    await card.getByRole('button', { name: 'Show Details' }).click();
    await card.getByText(`Deposit due: ${deposit}`).waitFor();
    await card.getByRole('button', { name: 'Mark deposit received' }).click();
    await card.getByText(`Deposit paid: ${deposit}`).waitFor();
    await card.getByRole('list', { name: 'Payment ledger' }).getByText(`Deposit received: ${deposit} (manual, ${ADMIN.email})`).waitFor();
    await shot(admin, 'payments-admin-ledger.png');

    await payment.getByText(`Deposit paid: ${deposit}`).waitFor({ timeout: LIVE });
    await customer.getByText(`Deposit of ${deposit} received`).waitFor({ timeout: LIVE });
    await expect(payment.getByText('An expert starts once the deposit is paid.').count()).resolves.toBe(0);
    await customer.getByText('Proposal accepted. Waiting for an expert to take your task.').waitFor({ timeout: LIVE });
    await shot(customer, 'payments-deposit-received.png');
    await closePage(admin);
    await closePage(customer);
  }, 300_000);
});

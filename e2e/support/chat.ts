import { resolve } from 'node:path';
import type { JSHandle, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/** Where the suites save screenshots to look at (gitignored). */
export const SCREENSHOTS = resolve(import.meta.dirname, '../screenshots');
/** The page's own limit for an agent answer (docs/product.md "Limits": 30 polls of 2 s). */
export const AGENT_TIMEOUT = 60_000;
/** The typing indicator's text (docs/product.md "Screens"). */
export const THINKING = 'Agent is thinking hard, this may take a minute...';
/** The request the guest chat's browser test sends. */
export const FIRST_MESSAGE = 'My Next.js app on Vercel returns 500 on every API route after upgrading to App Router';
/** The same problem with everything the intake agent asks for, so that it proposes right away. */
export const DETAILED_MESSAGE = `${FIRST_MESSAGE}. Next.js 14 with TypeScript.
The Vercel log says: "TypeError: Cannot read properties of undefined (reading 'headers')" in app/api/users/route.ts.
I need it fixed by next Friday and my budget is about $500. The code is in a private GitHub repository.`;

/** A file made inside the page: `size` zero bytes, or `text`. */
export interface GeneratedFile {
  name: string;
  type: string;
  size?: number;
  text?: string;
}

/** A `DataTransfer` holding the files, made inside the page: to pick them or to drop them. */
export function generatedTransfer(page: Page, files: GeneratedFile[]): Promise<JSHandle<DataTransfer>> {
  return page.evaluateHandle((list) => {
    const transfer = new DataTransfer();
    for (const file of list) transfer.items.add(new File([file.text ?? new Uint8Array(file.size ?? 0)], file.name, { type: file.type }));
    return transfer;
  }, files);
}

/**
 * Picks files in a file input as a person does (its `change` event), with the files made inside the
 * page: `setInputFiles` would send every byte of an 11 MB file over the browser's protocol, which
 * takes seconds on a small machine.
 */
export async function pickGeneratedFiles(input: Locator, files: GeneratedFile[]): Promise<void> {
  const transfer = await generatedTransfer(input.page(), files);
  await input.evaluate((element, picked) => {
    (element as HTMLInputElement).files = picked.files;
    element.dispatchEvent(new Event('change', { bubbles: true }));
  }, transfer);
}

/** Saves a screenshot under e2e/screenshots (the viewport, or the whole page with `fullPage`). */
export const shot = (page: Page, name: string, options: { fullPage?: boolean } = {}) =>
  page.screenshot({ path: resolve(SCREENSHOTS, name), fullPage: options.fullPage });
export const agentMessages = (page: Page) => page.getByRole('article', { name: 'Message from Unstuck AI' });
export const userMessages = (page: Page) => page.getByRole('article', { name: 'Message from You' });
export const messageBox = (page: Page) => page.getByRole('textbox', { name: 'Message' });
export const proposalButtons = (page: Page) => ({
  accept: page.getByRole('button', { name: '✓ Sounds good' }),
  modify: page.getByRole('button', { name: "✎ Let's modify it" }),
});
export const closePage = (page: Page) => page.context().close();

/** Types and sends a message, then waits for the agent's next message and the end of "thinking". */
export async function sendAndAwaitReply(page: Page, text: string) {
  const before = await agentMessages(page).count();
  await messageBox(page).fill(text);
  await messageBox(page).press('Enter');
  await expect.poll(() => agentMessages(page).count(), { timeout: AGENT_TIMEOUT }).toBeGreaterThan(before);
  await page.getByText(THINKING).waitFor({ state: 'detached' });
}

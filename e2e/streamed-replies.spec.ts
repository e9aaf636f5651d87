import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOpenAiCompatibleServer } from '../server/test/support/openai-compatible-server.ts';
import { launchBrowser } from './support/browser.ts';
import { AGENT_TIMEOUT, agentMessages, closePage, FIRST_MESSAGE, messageBox, shot, THINKING } from './support/chat.ts';
import { startServer, type TestServer } from './support/server.ts';

let llm: Awaited<ReturnType<typeof startOpenAiCompatibleServer>>;
let server: TestServer;
let browser: Browser;
const pageErrors: Error[] = [];

beforeAll(async () => {
  llm = await startOpenAiCompatibleServer();
  server = await startServer({
    LLM_PROVIDER: 'openai-compatible',
    LLM_BASE_URL: llm.baseUrl,
    LLM_API_KEY: 'sk-local-test',
    LLM_MODEL: 'local-model',
  });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await llm?.close();
  expect(pageErrors).toEqual([]);
});

const CONTENT = [
  'Thanks, that helps. A few things decide how we fix this:',
  '- **Which route fails first?** The log line for one failing API route tells us whether the handler or the middleware breaks.',
  '- **When did it start?** Right after the App Router upgrade, or after a later deploy?',
  '- **Where does it run?** Vercel serverless functions or the Edge runtime?',
  'Paste the exact error and we will take it from there.',
].join('\n');
const answer = {
  kind: 'question',
  content: CONTENT,
  staffNotes: 'STAFF-ONLY: probably res.status() left in route handlers.',
  brief: {
    title: 'Fix 500s on Next.js API routes after the App Router upgrade',
    description: FIRST_MESSAGE,
    diagnosis: null,
    clarifiedScope: null,
    jobSummaryForEngineer: null,
  },
  reading: { requestType: 'bug_fix', stack: ['Next.js', 'Vercel'], aiTools: [] },
  estimate: null,
};
const CONTENT_AT = JSON.stringify(answer).indexOf('"content"');
const LAST_LINE = 'Paste the exact error and we will take it from there.';

/** What the chat shows of the agent's reply at one moment. */
interface Seen {
  /** The text of the bubble being written (aria-busy), or null when there is none. */
  draft: string | null;
  agentBubbles: number;
  thinking: boolean;
}
const look = (page: Page): Promise<Seen> =>
  page.evaluate((thinkingText) => {
    const agent = [...document.querySelectorAll('article')].filter((a) => a.getAttribute('aria-label') === 'Message from Unstuck AI');
    const writing = agent.find((a) => a.getAttribute('aria-busy') === 'true');
    return {
      draft: writing ? (writing.querySelector('.message__content')?.textContent ?? '') : null,
      agentBubbles: agent.length,
      thinking: document.body.innerText.includes(thinkingText),
    };
  }, THINKING);

/**
 * Sends the first message and records what the chat shows every 40 ms until the agent's stored
 * message is there (one agent bubble, not being written, with the last line of the reply).
 * @param screenshot saved once a draft of at least 80 characters shows.
 */
async function watchReply(page: Page, screenshot: string): Promise<Seen[]> {
  await messageBox(page).fill(FIRST_MESSAGE);
  await messageBox(page).press('Enter');
  const seen: Seen[] = [];
  let shotTaken = false;
  const deadline = Date.now() + AGENT_TIMEOUT;
  for (;;) {
    const now = await look(page);
    seen.push(now);
    if (!shotTaken && now.draft !== null && now.draft.length >= 80) {
      shotTaken = true;
      await shot(page, screenshot);
    }
    if (now.draft === null && now.agentBubbles > 0 && (await agentMessages(page).last().textContent())?.includes(LAST_LINE)) return seen;
    if (Date.now() > deadline) throw new Error(`no final reply; last seen ${JSON.stringify(seen.at(-1))}`);
    await new Promise((resolve) => setTimeout(resolve, 40));
  }
}

async function openHome(): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 860 } })).newPage();
  page.on('pageerror', (error) => pageErrors.push(error));
  await page.goto(`${server.baseUrl}/`);
  return page;
}

/** The single agent bubble at the end: the stored message, as markdown, with nothing of the draft left. */
async function expectOneFinalBubble(page: Page) {
  await expect.poll(() => agentMessages(page).count()).toBe(1);
  const bubble = agentMessages(page).first();
  expect(await bubble.getAttribute('aria-busy')).toBeNull();
  expect(await bubble.locator('strong', { hasText: 'Which route fails first?' }).count()).toBe(1);
  expect(await bubble.locator('li').count()).toBe(3);
  const text = (await bubble.locator('.message__content').textContent()) ?? '';
  expect(text).toContain(LAST_LINE);
  expect(text).not.toContain('STAFF-ONLY');
  expect(await page.getByText('Writing…').count()).toBe(0);
}

describe('streamed agent replies', () => {
  it('the text grows in the agent bubble, then the stored message replaces it: one bubble', async () => {
    llm.reply({ json: answer, chunkChars: 6, chunkDelayMs: 50 });
    const page = await openHome();
    const seen = await watchReply(page, 'streamed-reply-mid-stream.png');
    await shot(page, 'streamed-reply-final.png');

    const drafts = seen.filter((s) => s.draft !== null);
    const lengths = [...new Set(drafts.map((s) => s.draft!.length))];
    expect(lengths.length).toBeGreaterThanOrEqual(2);
    expect(lengths).toEqual([...lengths].sort((a, b) => a - b));
    // While text arrives there is one agent bubble (the draft) and no typing dots.
    for (const moment of drafts) expect(moment).toMatchObject({ agentBubbles: 1, thinking: false });
    expect(drafts.every((s) => !s.draft!.includes('STAFF-ONLY'))).toBe(true);
    await expectOneFinalBubble(page);
    await closePage(page);
  });

  it('when the LLM stream is cut mid-way the draft goes, and the retried answer arrives whole', async () => {
    llm.reply({ json: answer, chunkChars: 6, chunkDelayMs: 50, cutAfterChars: CONTENT_AT + 160 }, { json: answer, chunkChars: 40 });
    const page = await openHome();
    const seen = await watchReply(page, 'streamed-reply-before-cut.png');
    await shot(page, 'streamed-reply-after-retry.png');

    const firstDraft = seen.findIndex((s) => s.draft !== null);
    expect(firstDraft).toBeGreaterThanOrEqual(0);
    // After the cut, the half text is gone (typing dots again) until the retry answers.
    const gone = seen.findIndex((s, i) => i > firstDraft && s.draft === null && s.agentBubbles === 0);
    expect(gone).toBeGreaterThan(firstDraft);
    expect(seen[gone]!.thinking).toBe(true);
    await expectOneFinalBubble(page);
    await closePage(page);
  });
});

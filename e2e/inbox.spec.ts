import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callJson, sendMessage, waitForAgentReply } from '../server/test/support/http.ts';
import { signInWithDevProvider } from '../server/test/support/sign-in.ts';
import { ADMIN } from './support/admin.ts';
import { launchBrowser } from './support/browser.ts';
import { closePage, shot } from './support/chat.ts';
import { startServer, type TestServer } from './support/server.ts';

let server: TestServer;
let browser: Browser;
let customerToken = '';
/** A long conversation: a proposal, accepted, then two replies of a human expert the customer has not read. */
let longId = '';
/** A short conversation, read. */
let shortId = '';
/** The long conversation's task and the admin holding it, who writes more while the customer reads. */
let taskId = '';
let adminToken = '';

const ANSWERS = [
  'My Next.js app on Vercel returns 500 on every API route after upgrading to App Router',
  'The log says "TypeError: res.status is not a function" in every route handler. We need it fixed by Friday, budget is $600.',
  'Nothing else, please go ahead.',
  'Still nothing to add.',
];

/** The short thread's title as Messages shows it: its task's title. */
let shortTitle = /./;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

beforeAll(async () => {
  server = await startServer({ ADMIN_EMAILS: ADMIN.email, SIGN_IN_RATE_LIMIT: '1000' });
  browser = await launchBrowser();
  const customer = await signInWithDevProvider(server.baseUrl, { email: 'ines@example.com', name: 'Ines Inbox' });
  customerToken = customer.token;
  const me = { token: customer.token };

  const short = await sendMessage(server.baseUrl, me, { content: 'Quick question about a Supabase policy' });
  shortId = short.body.conversation_id as string;
  await waitForAgentReply(server.baseUrl, me, shortId, short.body.id);
  // Messages titles a thread by its task (agent-1's title) once there is one.
  const shortTask = await callJson(server.baseUrl, 'GET', `/api/v2/conversations/${shortId}/task`, me);
  shortTitle = new RegExp(escapeRegExp(String(shortTask.body.title)));

  // Reading the replies (as the app does) marks them read.
  for (const content of ANSWERS) {
    const sent = await sendMessage(server.baseUrl, me, longId ? { content, conversationId: longId } : { content });
    longId = sent.body.conversation_id as string;
    const reply = (await waitForAgentReply(server.baseUrl, me, longId, sent.body.id)).at(-1);
    if (reply.metadata.kind === 'proposal') {
      await callJson(server.baseUrl, 'POST', `/api/v2/proposals/${reply.id}/accept`, me);
      break;
    }
  }
  const admin = await signInWithDevProvider(server.baseUrl, ADMIN);
  // Admins work the expert queue too: the admin takes the task and writes twice.
  const queue = await callJson(server.baseUrl, 'GET', '/api/expert/tasks', { token: admin.token });
  const waiting = [...queue.body.matched, ...queue.body.unassigned] as Array<{ id: string; conversationId: string }>;
  taskId = waiting.find((t) => t.conversationId === longId)?.id ?? '';
  adminToken = admin.token;
  await callJson(server.baseUrl, 'POST', `/api/expert/tasks/${taskId}/take`, { token: admin.token });
  for (const content of ['Hello Ines, I am Alice and I will fix this.', 'First question: which Next.js version exactly?']) {
    await expertWrites(content);
  }
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function signedInPage(viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ viewport });
  await context.addInitScript((value) => localStorage.setItem('auth_token', value), customerToken);
  return context.newPage();
}

/** The thread's scrolling box and where a message sits in it. */
const threadBox = (page: Page) => page.locator('.thread__messages');
const atThreadEnd = (page: Page) => threadBox(page).evaluate((box) => box.scrollTop + box.clientHeight >= box.scrollHeight - 2);

/** The admin holding the long conversation's task writes to the customer. */
const expertWrites = (content: string) =>
  callJson(server.baseUrl, 'POST', `/api/expert/tasks/${taskId}/messages`, { token: adminToken }, { content });

describe('Messages as an inbox', () => {
  it('opens a thread at its first unread message; the list and the thread scroll on their own; a read thread opens at the newest', async () => {
    const page = await signedInPage({ width: 1280, height: 800 });
    await page.goto(`${server.baseUrl}/messages`);
    const list = page.getByRole('navigation', { name: 'Your conversations' });
    // The event line "Alice Admin, human expert, took your task" and the two replies (decision 069).
    const unread = list.getByRole('button', { name: /3 unread/ });
    await unread.waitFor();
    await unread.click();
    const firstUnread = page.getByRole('article', { name: 'Message from Alice Admin' }).first();
    await firstUnread.waitFor();

    // The first unread message is in view from its top, below messages read before.
    await expect
      .poll(() =>
        page.evaluate(() => {
          const box = document.querySelector('.thread__messages')!.getBoundingClientRect();
          const first = [...document.querySelectorAll('article[aria-label="Message from Alice Admin"]')][0]!.getBoundingClientRect();
          return first.top >= box.top - 2 && first.top < box.bottom;
        }),
      )
      .toBe(true);
    const scrolled = await threadBox(page).evaluate((box) => ({ top: box.scrollTop, overflow: box.scrollHeight > box.clientHeight }));
    expect(scrolled.overflow).toBe(true);
    expect(scrolled.top).toBeGreaterThan(0);
    await shot(page, 'inbox-1-first-unread.png');

    // The page itself does not scroll: the list stays where it is while the thread moves.
    const listTop = await list.evaluate((element) => element.getBoundingClientRect().top);
    await threadBox(page).hover();
    await page.mouse.wheel(0, -5000);
    await expect.poll(() => threadBox(page).evaluate((box) => box.scrollTop)).toBe(0);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollHeight <= window.innerHeight)).toBe(true);
    expect(await list.evaluate((element) => element.getBoundingClientRect().top)).toBe(listTop);

    // Read further up, a new message does not move the thread: "New messages" says it came, and the
    // open thread does not count it unread (the Messages badge stays at nothing).
    const messagesLink = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Messages/ });
    await expect.poll(() => messagesLink.getAttribute('aria-label')).toBe('Messages');
    await expertWrites('Second question: do you deploy from main?');
    const pill = page.getByRole('button', { name: 'New messages' });
    await pill.waitFor();
    // The next read of the counts, after the message came: the open thread was read before it.
    await page.waitForResponse((r) => r.request().method() === 'GET' && new URL(r.url()).pathname === '/api/v2/conversations');
    await threadBox(page).getByText('Second question: do you deploy from main?').waitFor({ state: 'attached' });
    expect(await threadBox(page).evaluate((box) => box.scrollTop)).toBe(0);
    await expect(messagesLink.getAttribute('aria-label')).resolves.toBe('Messages');
    await shot(page, 'inbox-1b-new-messages-pill.png');
    await pill.click();
    await expect.poll(() => atThreadEnd(page)).toBe(true);
    await pill.waitFor({ state: 'detached' });

    // At the end, the next one scrolls into view by itself.
    await expertWrites('Third question: which region is the project in?');
    await threadBox(page).getByText('Third question: which region is the project in?').waitFor();
    await expect.poll(() => atThreadEnd(page)).toBe(true);
    await expect(pill.count()).resolves.toBe(0);

    // A thread with nothing unread opens at its newest message.
    await list.getByRole('button', { name: shortTitle }).click();
    await page.getByRole('article', { name: 'Message from Unstuck AI' }).first().waitFor();
    await expect.poll(() => atThreadEnd(page)).toBe(true);
    await closePage(page);
  });

  it('on a phone, the list opens a thread and Back returns to the list', async () => {
    const page = await signedInPage({ width: 390, height: 844 });
    await page.goto(`${server.baseUrl}/messages`);
    const list = page.getByRole('navigation', { name: 'Your conversations' });
    await list.getByRole('button', { name: shortTitle }).click();
    await page.getByRole('article', { name: 'Message from Unstuck AI' }).first().waitFor();
    await expect(list.isVisible()).resolves.toBe(false);
    await shot(page, 'inbox-2-mobile-thread.png');
    // The head stays one line under 64 px: the title on its own line, cut with an ellipsis, whole in its tooltip.
    const head = page.locator('.inbox-page__thread-head');
    await expect(head.evaluate((element) => element.getBoundingClientRect().height)).resolves.toBeLessThan(64);
    const title = page.getByRole('heading', { level: 2, name: shortTitle });
    const lines = await title.evaluate(
      (element) => element.getBoundingClientRect().height / parseFloat(getComputedStyle(element).lineHeight),
    );
    expect(lines).toBeLessThan(1.5);
    await expect(title.getAttribute('title')).resolves.toBe(await title.textContent());

    await page.getByRole('button', { name: 'Back to conversations' }).click();
    await list.waitFor();
    await expect(page.getByRole('region', { name: 'Conversation thread' }).count()).resolves.toBe(0);
    expect(new URL(page.url()).searchParams.get('conversation')).toBeNull();
    await closePage(page);
  });
});

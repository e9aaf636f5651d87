import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser.ts';
import { SHARE_ERROR_TEXT } from '@unstuck/contract';
import { formatTimestamp } from '../web/src/lib/format.ts';
import { pageErrors, redrawnNodes, watchRedrawing } from './support/painted.ts';
import { startServer, type TestServer } from './support/server.ts';
import { sharedTaskPath } from './support/share.ts';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer({
    PRODUCT_NAME: 'Fix & Ship',
    AI_NAME: 'Shipbot',
    AGENT_HOURLY_RATE: '120',
    AGENT_CURRENCY: 'EUR',
    // For the shared task (support/share.ts).
    ADMIN_EMAILS: 'admin@example.com',
    SIGN_IN_RATE_LIMIT: '1000',
  });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the first view is painted from the page itself (decision 062)', () => {
  it('the home page arrives with its hero and the configured names and rate, before any script runs', async () => {
    // Without the empty comments React puts between adjacent texts, which hydrating needs (decision 098).
    const html = (await (await fetch(`${server.baseUrl}/`)).text()).replaceAll('<!-- -->', '');
    expect(html).toContain('<title>Fix &amp; Ship</title>');
    expect(html).toMatch(/<div id="root"><!--first-view--><.*Stuck building with/s);
    expect(html).toContain('Bring your ideas to life with human expert help.');
    expect(html).toContain('Shipbot is an AI agent');
    expect(html).toContain('€120');
    expect(html).not.toMatch(/__UNSTUCK_/);

    // With scripts off, a visitor still sees the heading, the subtitle and the input.
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/`);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toContain('Stuck building with');
    await expect(page.getByRole('textbox', { name: 'Message' }).isVisible()).resolves.toBe(true);
    await context.close();
  });

  it('React takes the painted page over as it is, with the configuration the page carried (decision 098)', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const configCalls: string[] = [];
    /** The scripts asked for, by chunk name (`assets/{name}-{hash}.js`). */
    const chunks: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path === '/api/config') configCalls.push(request.url());
      const chunk = path.match(/^\/assets\/([\w-]+)-[\w-]+\.js$/)?.[1];
      if (chunk) chunks.push(chunk);
    });
    const errors = pageErrors(page);
    await watchRedrawing(page);
    await page.goto(`${server.baseUrl}/`, { waitUntil: 'networkidle' });
    // The conversation's code (messages, proposal cards) waits until the visitor starts to write.
    expect(chunks).not.toContain('conversation-messages');
    expect(chunks).not.toContain('admin-guard');
    // The hydrated page reacts to typing: React is running.
    await page.getByRole('textbox', { name: 'Message' }).fill('hello');
    await expect.poll(() => page.getByRole('button', { name: 'Send' }).isEnabled()).toBe(true);
    // Hydrated, not drawn again: the painted heading and message box are the ones on the page.
    await expect(redrawnNodes(page)).resolves.toEqual([]);
    await expect.poll(() => chunks).toContain('conversation-messages');
    await expect(page.locator('h1').count()).resolves.toBe(1);
    await expect(page.getByText('Shipbot is an AI agent').count()).resolves.toBe(1);
    expect(configCalls).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("a returning visitor's home is drawn over the painted one, without a hydration error", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const errors = pageErrors(page);
    // A text kept across a sign-in that left the page: the painted composer is empty, this visitor's is not.
    await page.addInitScript(() => sessionStorage.setItem('chat_draft', 'where I was'));
    await page.goto(`${server.baseUrl}/`);
    await expect.poll(() => page.getByRole('textbox', { name: 'Message' }).inputValue(), { timeout: 30_000 }).toBe('where I was');
    await expect(page.locator('h1').count()).resolves.toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('other pages do not flash the home page, and the page file is only served filled in', async () => {
    const dashboard = await fetch(`${server.baseUrl}/dashboard`);
    expect(dashboard.status).toBe(200);
    const html = await dashboard.text();
    expect(html).toContain('<div id="root"></div>');
    expect(html).toContain('<title>Fix &amp; Ship</title>');
    const raw = await fetch(`${server.baseUrl}/index.html`);
    expect(raw.status).toBe(404);
    // A path no route answers is a real 404, with the app that says "Page not found".
    const unknown = await fetch(`${server.baseUrl}/no-such-page`);
    expect(unknown.status).toBe(404);
    await expect(unknown.text()).resolves.toContain('<div id="root"></div>');
    expect((await fetch(`${server.baseUrl}/task-share/abc`)).status).toBe(200);
    expect((await fetch(`${server.baseUrl}/admin/tasks`)).status).toBe(200);
  });

  it('a documentation page arrives painted, with its own code preloaded, and React takes it over and adds the rest (decision 098)', async () => {
    const html = await (await fetch(`${server.baseUrl}/docs/mcp-server`)).text();
    const preloaded = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((match) => match[1]!);
    expect(preloaded.some((href) => /\/assets\/mcp-server-docs-page-[\w-]+\.js$/.test(href))).toBe(true);
    for (const href of preloaded) expect((await fetch(`${server.baseUrl}${href}`)).status, href).toBe(200);
    expect(html).not.toMatch(/__UNSTUCK_/);
    // Other pages carry nothing of the docs, and the painted files are only served filled in.
    expect(await (await fetch(`${server.baseUrl}/dashboard`)).text()).not.toContain('mcp-server-docs-page');
    expect((await fetch(`${server.baseUrl}/first-views/docs-mcp-server.html`)).status).toBe(404);

    const title = { name: 'Message-tool server (MCP) for agents', level: 1 } as const;
    const still = await browser.newContext({ javaScriptEnabled: false });
    const painted = await still.newPage();
    await painted.goto(`${server.baseUrl}/docs/mcp-server`);
    await expect(painted.getByRole('heading', title).count()).resolves.toBe(1);
    await expect(painted.getByText('Agents built elsewhere can do').count()).resolves.toBe(1);
    await expect(painted.getByRole('link', { name: 'Fix & Ship home' }).count()).resolves.toBe(1);
    await still.close();

    const context = await browser.newContext();
    const page = await context.newPage();
    const errors = pageErrors(page);
    await watchRedrawing(page);
    await page.goto(`${server.baseUrl}/docs/mcp-server`);
    await page.getByRole('heading', { name: 'Contents' }).waitFor();
    await expect(page.getByRole('heading', title).count()).resolves.toBe(1);
    await expect(page.getByText('Agents built elsewhere can do').count()).resolves.toBe(1);
    await expect(page.getByRole('button', { name: 'Copy' }).count()).resolves.toBeGreaterThan(0);
    // The painted heading stayed: React hydrated it and added the rest of the page below.
    await expect(redrawnNodes(page)).resolves.toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a share page arrives painted with its task and conversation, and React takes that HTML over without asking again (decision 097)', async () => {
    const path = await sharedTaskPath(server.baseUrl);
    const answer = await fetch(`${server.baseUrl}${path}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('x-robots-tag')).toBe('noindex');
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const html = await answer.text();
    expect(html).toMatch(/<title>[^<]+ · Fix &amp; Ship<\/title>/);
    expect(html).toMatch(/<div id="root"><.*Conversation Context/s);
    expect(html).toContain('<script type="application/json" id="shared-task">');
    expect(html).not.toMatch(/__UNSTUCK_/);
    const preloaded = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((match) => match[1]!);
    expect(preloaded.some((href) => /\/assets\/shared-task-page-[\w-]+\.js$/.test(href))).toBe(true);
    expect(preloaded.some((href) => /\/assets\/markdown-[\w-]+\.js$/.test(href))).toBe(true);

    // With scripts off, the task and its conversation are there.
    const still = await browser.newContext({ javaScriptEnabled: false });
    const painted = await still.newPage();
    await painted.goto(`${server.baseUrl}${path}`);
    await expect(painted.getByRole('heading', { level: 1 }).count()).resolves.toBe(1);
    const context = painted.getByRole('region', { name: 'Conversation Context' });
    expect(await context.getByText('My Next.js app on Vercel').count()).toBeGreaterThan(0);
    await still.close();

    const live = await browser.newContext();
    const page = await live.newPage();
    const shareCalls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/task-share/')) shareCalls.push(request.url());
    });
    const errors = pageErrors(page);
    // Drawing over the painted page would take its heading out of the document; hydrating keeps it.
    await watchRedrawing(page);
    await page.goto(`${server.baseUrl}${path}`);
    // The Markdown renderer took over the painted text: the page is running.
    await page.locator('.shared-message .markdown:not(.markdown--pending)').first().waitFor();
    await expect(page.getByRole('heading', { level: 1 }).count()).resolves.toBe(1);
    await expect(redrawnNodes(page)).resolves.toEqual([]);
    expect(shareCalls).toEqual([]);
    expect(errors).toEqual([]);
    await live.close();
  }, 180_000);

  it("a painted share page renders its conversation's Markdown as the reader comes to it, not all at load (issue 33)", async () => {
    const path = await sharedTaskPath(server.baseUrl);
    // A short phone screen: the conversation's last message is more than a screen's height below it.
    const context = await browser.newContext({ viewport: { width: 360, height: 300 } });
    const page = await context.newPage();
    const errors = pageErrors(page);
    await page.goto(`${server.baseUrl}${path}`);
    const messages = page.locator('.shared-message .markdown');
    // The first message comes into view and renders: the renderer has loaded. The last, far below, waits.
    await messages.first().scrollIntoViewIfNeeded();
    await expect.poll(() => messages.first().getAttribute('class')).not.toContain('markdown--pending');
    await expect(messages.last().getAttribute('class')).resolves.toContain('markdown--pending');
    await messages.last().scrollIntoViewIfNeeded();
    await expect.poll(() => messages.last().getAttribute('class')).not.toContain('markdown--pending');
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);

  it('a reader in another time zone gets the painted share page taken over as it is, then times in their own zone', async () => {
    const path = await sharedTaskPath(server.baseUrl);
    const html = await (await fetch(`${server.baseUrl}${path}`)).text();
    const painted = /<time dateTime="([^"]+)">([^<]+)<\/time>/.exec(html);
    expect(painted).not.toBeNull();
    const [, iso, utcText] = painted!;
    // Painted in UTC whatever the server's own zone.
    expect(utcText).toBe(formatTimestamp(iso!, 'UTC'));

    // Tokyo is never on UTC's clock: a time painted in the server's zone would differ from the reader's and
    // make React draw the page again.
    const context = await browser.newContext({ timezoneId: 'Asia/Tokyo' });
    const page = await context.newPage();
    const errors = pageErrors(page);
    await watchRedrawing(page);
    await page.goto(`${server.baseUrl}${path}`);
    await expect.poll(() => page.locator(`time[datetime="${iso}"]`).first().textContent()).toBe(formatTimestamp(iso!, 'Asia/Tokyo'));
    await expect(redrawnNodes(page)).resolves.toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);

  it('an unknown share link arrives painted with its message', async () => {
    const answer = await fetch(`${server.baseUrl}/task-share/no-such-token`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('x-robots-tag')).toBe('noindex');
    const html = await answer.text();
    expect(html).toContain(SHARE_ERROR_TEXT.notFound);
    expect(html).toContain('<title>Shared task · Fix &amp; Ship</title>');
  });

  it('share pages and their API tell search engines not to list them; other pages do not', async () => {
    for (const path of ['/task-share/abc', '/api/task-share/abc']) {
      const answer = await fetch(`${server.baseUrl}${path}`);
      expect(answer.headers.get('x-robots-tag'), path).toBe('noindex');
    }
    const home = await fetch(`${server.baseUrl}/`);
    expect(home.headers.get('x-robots-tag')).toBeNull();
  });
});

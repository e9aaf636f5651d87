import { mkdir } from 'node:fs/promises';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callJson } from '../server/test/support/http.ts';
import { signInStaff, STAFF_ENV } from '../server/test/support/staff.ts';
import { startTestServer, type TestServer } from '../server/test/support/test-server.ts';
import { axeViolations } from './support/axe.ts';
import { launchBrowser } from './support/browser.ts';
import { agentMessages, AGENT_TIMEOUT, messageBox, proposalButtons, SCREENSHOTS, shot, THINKING } from './support/chat.ts';

let browser: Browser;
let server: TestServer;
let key = '';
const pageErrors: Error[] = [];

beforeAll(async () => {
  await mkdir(SCREENSHOTS, { recursive: true });
  // agent-1's turns wait for an agent connected over MCP.
  server = await startTestServer('pglite', { ...STAFF_ENV, AGENT_MODE: 'external' });
  const { admin } = await signInStaff(server);
  key = (
    await callJson(
      server.url,
      'POST',
      '/api/admin/agents/apikeys',
      { token: admin.token },
      { agentId: 'agent-1', agentName: 'Outside agent' },
    )
  ).body.api_key;
  browser = await launchBrowser();
});

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

const result = (answer: any) => JSON.parse(answer.content[0].text);

describe('an external agent over MCP', () => {
  it("answers a guest's chat and proposes; the guest's browser shows both with the proposal buttons", async () => {
    const page = await newPage();
    await page.goto(`${server.url}/`);
    await messageBox(page).fill('I need an online booking page for my hair salon, with SMS reminders');
    await messageBox(page).press('Enter');
    await page.getByText(THINKING).waitFor();

    const client = new Client({ name: 'e2e-agent', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), { requestInit: { headers: { 'x-agent-key': key } } }),
    );
    let waiting: any[] = [];
    await expect
      .poll(async () => (waiting = result(await client.callTool({ name: 'list_conversations', arguments: {} }))).length, {
        timeout: AGENT_TIMEOUT,
      })
      .toBeGreaterThan(0);
    const conversationId: string = waiting[0].id;
    const read = result(await client.callTool({ name: 'read_conversation', arguments: { conversationId } }));
    expect(read.messages[0].content).toContain('hair salon');

    await client.callTool({ name: 'send_message', arguments: { conversationId, content: 'Thanks! I will put together a plan for you.' } });
    await agentMessages(page).filter({ hasText: 'I will put together a plan for you.' }).waitFor({ timeout: AGENT_TIMEOUT });
    await page.getByText(THINKING).waitFor({ state: 'detached' });

    await client.callTool({
      name: 'send_proposal',
      arguments: {
        conversationId,
        // The guest's message is answered already (the message above): the proposal follows up.
        followUp: true,
        content:
          'Here is my estimate: about 12 hours for the booking page and SMS reminders. Next steps: a human expert sets up the calendar sync.',
      },
    });
    await client.close();
    await agentMessages(page).filter({ hasText: 'Here is my estimate' }).waitFor({ timeout: AGENT_TIMEOUT });
    await proposalButtons(page).accept.waitFor();
    await proposalButtons(page).modify.waitFor();
    await shot(page, 'mcp-agent-proposal.png');
  });

  it('without an agent connected, the chat thinks, then shows the timeout text after about 60 s (docs/product.md "Entities")', async () => {
    const page = await newPage();
    // The page's clock is Playwright's: the 30 polls of 2 s pass in a few seconds, each poll a real request.
    await page.clock.install();
    await page.goto(`${server.url}/`);
    await messageBox(page).fill('Nobody is listening to this one');
    await messageBox(page).press('Enter');
    await page.getByText(THINKING).waitFor();
    const timedOut = page.getByText('Agent response timed out. Please try sending your message again.');
    let polls = 0;
    for (; polls < 60 && !(await timedOut.isVisible()); polls += 1) {
      await page.clock.fastForward(2_000);
      // Time for the poll's request (the event stream keeps the network busy, so no "networkidle").
      await page.waitForTimeout(150);
    }
    await timedOut.waitFor();
    // Not before the 30th poll: the wait is the polls', not a shorter timer's.
    expect(polls).toBeGreaterThanOrEqual(29);
    await page.getByText(THINKING).waitFor({ state: 'detached' });
    expect(await agentMessages(page).count()).toBe(0);
  });

  it('the documentation page explains how to connect, with contents, each tool, client configurations and copy buttons', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    const page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error));
    await page.goto(`${server.url}/docs/mcp-server`);
    await page.getByRole('heading', { name: 'Message-tool server (MCP) for agents', level: 1 }).waitFor();
    for (const tool of ['send_message', 'list_conversations', 'read_conversation', 'update_task', 'send_proposal', 'claim_conversation']) {
      await page.getByRole('heading', { name: tool, level: 3 }).waitFor();
    }
    const contents = page.getByRole('navigation', { name: 'Contents' });
    await contents.getByRole('link', { name: 'Being told instead of polling' }).click();
    await page.waitForURL(/#push$/);
    for (const text of [
      `"url": "${server.url}/mcp"`,
      '"type": "http"',
      `claude mcp add --transport sse unstuck-push ${server.url}/mcp_tools/sse`,
      'event: endpoint',
      'unstuck://conversations/waiting',
    ]) {
      await page.getByText(text).first().waitFor();
    }
    // The step that told agents to wait after the endpoint event is gone.
    expect(await page.getByText('Wait 3 to 5 seconds').count()).toBe(0);
    const snippet = page.locator('.docs__snippet').filter({ has: page.getByRole('region', { name: 'VS Code configuration' }) });
    await snippet.getByRole('button', { name: 'Copy' }).click();
    await snippet.getByRole('button', { name: 'Copied!' }).waitFor();
    expect(JSON.parse(await page.evaluate(() => navigator.clipboard.readText()))).toMatchObject({
      servers: { unstuck: { type: 'http', url: `${server.url}/mcp` } },
    });
    await shot(page, 'mcp-docs.png', { fullPage: true });
    expect(await axeViolations(page)).toEqual([]);
  });
});

import { mkdir } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../server/test/support/test-server.ts';
import { axeViolations } from './support/axe.ts';
import { launchBrowser } from './support/browser.ts';
import { SCREENSHOTS, shot } from './support/chat.ts';

let browser: Browser;
let server: TestServer;

beforeAll(async () => {
  await mkdir(SCREENSHOTS, { recursive: true });
  server = await startTestServer('pglite');
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.destroy();
});

describe('the REST API reference page', () => {
  it('is reached from the agents documentation and lists each operation with its parameters, by a contents list', async () => {
    const page = await (await browser.newContext()).newPage();
    const errors: Error[] = [];
    page.on('pageerror', (error) => errors.push(error));
    await page.goto(`${server.url}/docs/mcp-server`);
    await page.getByRole('link', { name: 'REST API reference' }).click();
    await page.getByRole('heading', { name: 'REST API reference', level: 1 }).waitFor();
    const contents = page.getByRole('navigation', { name: 'Operations' });
    await contents.getByRole('link', { name: 'GET /api/v2/conversations/{conversationId}/messages' }).click();
    const operation = page.getByRole('region', { name: 'GET /api/v2/conversations/{conversationId}/messages' });
    await operation.getByRole('cell', { name: 'conversationId' }).waitFor();
    expect(page.url()).toMatch(/#get-api-v2-conversations-conversationid-messages$/);
    await page.getByRole('heading', { name: 'POST /api/v2/proposals/{messageId}/accept', level: 3 }).waitFor();
    await shot(page, 'api-reference.png');
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });
});

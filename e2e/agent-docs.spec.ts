import { execFile, spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { isDeepStrictEqual, promisify } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callJson, newGuestId, readMessages, sendMessage, waitForMessages } from '../server/test/support/http.ts';
import { signIn } from '../server/test/support/sign-in.ts';
import { ADMIN_EMAIL, STAFF_ENV } from '../server/test/support/staff.ts';
import { launchBrowser } from './support/browser.ts';
import { shot } from './support/chat.ts';
import { startServer, type TestServer } from './support/server.ts';

/**
 * The agents' documentation page (/docs/mcp-server) tried literally: each code block is copied with
 * its Copy button, the key placeholder replaced by a real key as the page tells the reader, and the
 * command run (curl through bash, the SDK snippet through node) against the compiled server. When a
 * documented command stops working, fix the page, not this test.
 */

const run = promisify(execFile);
const REPO_ROOT = resolve(import.meta.dirname, '..');
/** The page's stand-in for the key ("Send it on every request as Authorization: Bearer …"). */
const KEY_PLACEHOLDER = 'unstuck_ak_…your agent key…';
/** The page's stand-ins for values an earlier step gives: the session id and a conversation id. */
const SESSION_PLACEHOLDER = '3f6c…';
const CONVERSATION_PLACEHOLDER = '"conversationId":"…"';
const TOOL_NAMES = ['send_message', 'list_conversations', 'read_conversation', 'update_task', 'send_proposal', 'claim_conversation'];

let server: TestServer;
let browser: Browser;
let page: Page;
let key = '';
let workDir = '';
const guestA = { guest: newGuestId() };
const guestB = { guest: newGuestId() };
let conversationA = '';
let conversationB = '';
const blocks = new Map<string, string>();

beforeAll(async () => {
  // External mode: nothing answers the guests but the documented commands.
  [server, browser] = await Promise.all([startServer({ ...STAFF_ENV, AGENT_MODE: 'external' }), launchBrowser()]);
  const admin = await signIn({ url: server.baseUrl }, { email: ADMIN_EMAIL, name: 'Alice Admin' });
  const created = await callJson(
    server.baseUrl,
    'POST',
    '/api/admin/agents/apikeys',
    { token: admin.token },
    { agentId: 'agent-1', agentName: 'Docs agent' },
  );
  key = created.body.api_key;
  const [a, b] = await Promise.all([
    sendMessage(server.baseUrl, guestA, { content: 'My checkout page shows a blank screen after payment' }),
    sendMessage(server.baseUrl, guestB, { content: 'Our invoices are emailed twice' }),
  ]);
  conversationA = a.body.conversation_id;
  conversationB = b.body.conversation_id;

  // Inside the worktree, so that node resolves @modelcontextprotocol/sdk from its node_modules.
  await mkdir(join(REPO_ROOT, '.tmp'), { recursive: true });
  workDir = await mkdtemp(join(REPO_ROOT, '.tmp', 'agent-docs-'));
  // curl reads its options from $CURL_HOME/.curlrc: the commands stay as the page shows them, and
  // each answer ends with its HTTP status on a line of its own.
  await writeFile(join(workDir, '.curlrc'), 'silent\nshow-error\nwrite-out = "\\n%{http_code}"\n');

  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.baseUrl });
  page = await context.newPage();
  await page.goto(`${server.baseUrl}/docs/mcp-server`);
  // The page's top arrives painted before its script runs: wait for what only the script draws.
  await page.getByRole('navigation', { name: 'Contents' }).waitFor();
  for (const label of await page.locator('.docs__snippet pre').evaluateAll((pres) => pres.map((pre) => pre.getAttribute('aria-label')))) {
    if (label) blocks.set(label, await copied(page, label));
  }
}, 90_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

/** The text the Copy button of the code block `label` puts on the clipboard. */
async function copied(docs: Page, label: string): Promise<string> {
  const snippet = docs.locator('.docs__snippet').filter({ has: docs.getByRole('region', { name: label, exact: true }) });
  await snippet.getByRole('button', { name: 'Copy' }).click();
  await snippet.getByRole('button', { name: 'Copied!' }).waitFor();
  return docs.evaluate(() => navigator.clipboard.readText());
}

/** A copied block, its key placeholder replaced by the real key. */
function block(label: string): string {
  const text = blocks.get(label);
  if (text === undefined) throw new Error(`No code block "${label}" on the page; it has: ${[...blocks.keys()].join(', ')}`);
  return text.replaceAll(KEY_PLACEHOLDER, key);
}

/**
 * Runs a shell command as a reader pastes it. `failglob` makes an unquoted `?` or `*` that matches
 * no file an error, as zsh (macOS's shell) does, where bash would pass it on silently.
 * @returns curl's body and the HTTP status its .curlrc appends.
 */
async function shell(command: string): Promise<{ body: string; status: number }> {
  const { stdout } = await run('bash', ['-O', 'failglob', '-c', command], { cwd: workDir, env: { ...process.env, CURL_HOME: workDir } });
  const cut = stdout.lastIndexOf('\n');
  return { body: stdout.slice(0, cut), status: Number(stdout.slice(cut + 1)) };
}

/** The words a shell passes to `program` in `command` (the program is a stand-in that prints them). */
async function argumentsOf(program: string, command: string): Promise<string[]> {
  const { stdout } = await run('bash', ['-O', 'failglob', '-c', `${program}() { printf '%s\\0' "$@"; }\n${command}`], { cwd: workDir });
  return stdout.split('\0').slice(0, -1);
}

/** The events in an event stream's text (blocks of `event:` and `data:` lines). */
function eventsOf(text: string): Array<{ event: string; data: string }> {
  return text
    .replaceAll('\r', '')
    .split('\n\n')
    .map((block) => ({ event: /^event: (.*)$/m.exec(block)?.[1] ?? 'message', data: /^data: (.*)$/m.exec(block)?.[1] ?? '' }))
    .filter((event) => event.data !== '');
}

/** The JSON-RPC answers in an event stream's text, by id. */
function streamedAnswers(text: string): Map<unknown, { result?: any; error?: unknown }> {
  const answers = new Map<unknown, { result?: any; error?: unknown }>();
  for (const { event, data } of eventsOf(text)) {
    if (event !== 'message') continue;
    const message = JSON.parse(data);
    if (message.id !== undefined) answers.set(message.id, message);
  }
  return answers;
}

/** Polls until `done` holds; throws with `what()` (read then, so it can show the stream so far) after `timeoutMs`. */
async function until(done: () => boolean, what: () => string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** `text` as a regular expression that matches it literally. */
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const bearer = () => `Authorization: Bearer ${key}`;

describe('the agents documentation page on a phone', () => {
  it('in the dark, nothing is wider than the screen: code blocks and tables scroll in their own boxes', async () => {
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, colorScheme: 'dark' });
    const docs = await phone.newPage();
    await docs.goto(`${server.baseUrl}/docs/mcp-server`);
    await docs.getByRole('navigation', { name: 'Contents' }).waitFor();
    await shot(docs, 'agent-docs-mobile-dark.png');
    await docs.getByRole('region', { name: 'Input of send_message' }).scrollIntoViewIfNeeded();
    await shot(docs, 'agent-docs-tools-mobile-dark.png');
    expect(await docs.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await expect(docs.getByRole('button', { name: 'Copy' }).count()).resolves.toBe(blocks.size);
    await phone.close();
  });
});

describe('the agents documentation page, tried literally', () => {
  it('tells the reader where the key goes, in the words the code blocks use', async () => {
    await page.getByText(`Authorization: Bearer ${KEY_PLACEHOLDER}`).first().waitFor();
    expect([...blocks.keys()]).toEqual(
      expect.arrayContaining([
        'Open the stream',
        'Initialize',
        'A tool call',
        'Streamable HTTP calls',
        'The REST call',
        'TypeScript SDK client',
        'TypeScript SDK v2 client with listen',
      ]),
    );
  });

  it('the session transport: the stream opens, names its session, and the documented posts answer on it', async () => {
    const open = block('Open the stream');
    const stream = spawn('bash', ['-O', 'failglob', '-c', open], {
      cwd: workDir,
      env: { ...process.env, CURL_HOME: workDir },
      detached: true,
    });
    let text = '';
    stream.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
    try {
      await until(
        () => text.includes('event: endpoint'),
        () => `the endpoint event; the stream gave: ${text.slice(0, 1500)}`,
      );
      // The endpoint event is shaped as documented, the session id where the page shows 3f6c….
      const [before, after] = block('The endpoint event').split(SESSION_PLACEHOLDER);
      const endpoint = new RegExp(`${escape(before!)}([A-Za-z0-9_-]+)${escape(after!)}`).exec(text.replaceAll('\r', ''));
      expect(endpoint, text).not.toBeNull();
      const sessionId = endpoint![1]!;

      /** The Initialize curl for this session; with `body`, that message posted instead of initialize. */
      const post = async (body?: string) => {
        const command = block('Initialize').replaceAll(SESSION_PLACEHOLDER, sessionId);
        const answer = await shell(body === undefined ? command : command.replace(/-d '.*'$/s, `-d '${body}'`));
        expect(answer.status, answer.body).toBe(202);
      };
      await post();
      await until(
        () => streamedAnswers(text).has(1),
        () => `the initialize result on the stream: ${text.slice(0, 1500)}`,
      );
      expect(streamedAnswers(text).get(1)?.result?.serverInfo).toBeDefined();

      // "Send {"jsonrpc":"2.0","method":"notifications/initialized"}, then tools/list and tools/call".
      const initialized = await page.locator('code').filter({ hasText: 'notifications/initialized' }).first().textContent();
      expect(JSON.parse(initialized!)).toEqual({ jsonrpc: '2.0', method: 'notifications/initialized' });
      await post(initialized!);
      await post(JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }));
      await until(
        () => streamedAnswers(text).has(2),
        () => 'the tools/list result on the stream',
      );
      expect(
        streamedAnswers(text)
          .get(2)
          ?.result?.tools.map((tool: { name: string }) => tool.name),
      ).toEqual(expect.arrayContaining(TOOL_NAMES));

      const call = JSON.parse(block('A tool call'));
      expect(call.params.arguments.conversationId).toBe('…');
      call.params.arguments.conversationId = conversationA;
      await post(JSON.stringify(call));
      await until(
        () => streamedAnswers(text).has(call.id),
        () => 'the tool call result on the stream',
      );
      expect(streamedAnswers(text).get(call.id)?.result?.isError).toBeFalsy();
      await waitForMessages(server.baseUrl, guestA, conversationA, (messages) =>
        messages.some((m) => m.sender_id === 'agent-1' && m.content === call.params.arguments.content),
      );

      // The subscription shown under "Being told instead of polling", and its notification when a new
      // visitor writes (the same JSON, whatever the order of its keys).
      const [subscribe, blank, ...notification] = block('A subscription and its notification').split('\n');
      expect(blank).toBe('');
      expect(JSON.parse(subscribe!).method).toBe('resources/subscribe');
      const [documented] = eventsOf(notification.join('\n'));
      await post(subscribe);
      await until(
        () => streamedAnswers(text).has(JSON.parse(subscribe!).id),
        () => 'the subscribe result',
      );
      await sendMessage(server.baseUrl, { guest: newGuestId() }, { content: 'A new visitor: my website takes 20 s to load' });
      const notified = () =>
        eventsOf(text).some(
          ({ event, data }) => event === documented!.event && isDeepStrictEqual(JSON.parse(data), JSON.parse(documented!.data)),
        );
      await until(notified, () => `the documented notification; the stream ends with: ${text.slice(-1500)}`);
    } finally {
      // The shell and its curl form a process group this test started.
      process.kill(-stream.pid!, 'SIGTERM');
    }
  });

  it('Streamable HTTP: the documented curl answers the JSON-RPC response, listing the waiting conversations', async () => {
    const answer = await shell(block('Streamable HTTP calls'));
    expect(answer.status, answer.body).toBe(200);
    const response = JSON.parse(answer.body);
    expect(response.result.structuredContent.conversations.map((c: { id: string }) => c.id)).toContain(conversationB);
    // "An Accept header without both application/json and text/event-stream: HTTP 406."
    const accept = ' -H "Accept: application/json, text/event-stream"';
    expect(block('Streamable HTTP calls')).toContain(accept);
    expect((await shell(block('Streamable HTTP calls').replace(accept, ''))).status).toBe(406);
  });

  it('the TypeScript SDK snippet runs as shown with the key in UNSTUCK_AGENT_KEY', async () => {
    const file = join(workDir, 'agent.mjs');
    await writeFile(file, block('TypeScript SDK client'));
    const { stdout } = await run(process.execPath, [file], { cwd: workDir, env: { ...process.env, UNSTUCK_AGENT_KEY: key } });
    const [names, ...waiting] = stdout.split('\n');
    expect(names!.split(', ')).toEqual(expect.arrayContaining(TOOL_NAMES));
    expect(JSON.parse(waiting.join('\n')).conversations.map((c: { id: string }) => c.id)).toContain(conversationB);
  });

  it('the v2 SDK snippet runs as shown: revision 2026-07-28, and its listen stream hears the next guest message', async () => {
    const file = join(workDir, 'listen.mjs');
    await writeFile(file, block('TypeScript SDK v2 client with listen'));
    const agent = spawn(process.execPath, [file], { cwd: workDir, env: { ...process.env, UNSTUCK_AGENT_KEY: key } });
    let stdout = '';
    let stderr = '';
    agent.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    agent.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => agent.on('exit', resolve));
    try {
      await until(
        () => stdout.includes('Listening for the next message'),
        () => `the listen stream; the script gave: ${stdout}${stderr}`,
      );
      const guest = { guest: newGuestId() };
      const sent = await sendMessage(server.baseUrl, guest, { content: 'Our staging site asks for a password it never had' });
      expect(await exited, stderr).toBe(0);
      const [names, listening, updated, ...waiting] = stdout.split('\n');
      expect(names!.split(', ')).toEqual(expect.arrayContaining(TOOL_NAMES));
      expect(listening).toBe('Listening for the next message…');
      expect(updated).toBe('Updated: unstuck://conversations/waiting');
      expect(JSON.parse(waiting.join('\n')).conversations.map((c: { id: string }) => c.id)).toContain(sent.body.conversation_id);
    } finally {
      agent.kill();
    }
  });

  // After the listings above, which expect conversation B still waiting.
  it('the REST call stores the message in the guest conversation, once', async () => {
    const command = block('The REST call');
    expect(command).toContain(CONVERSATION_PLACEHOLDER);
    const filled = command.replace(CONVERSATION_PLACEHOLDER, `"conversationId":"${conversationB}"`);
    const answer = await shell(filled);
    expect(answer.status, answer.body).toBe(201);
    const { id } = JSON.parse(answer.body);
    const messages = (await readMessages(server.baseUrl, guestB, conversationB)).body as Array<{ id: string; sender_id: string }>;
    expect(messages.find((m) => m.id === id)?.sender_id).toBe('agent-1');
    // "A message already answered is HTTP 409 with the code already_answered."
    const again = await shell(filled);
    expect(again.status).toBe(409);
    expect(JSON.parse(again.body).code).toBe('already_answered');
  });

  it('the client configurations name the URL and header the curl commands use, and the server accepts them', async () => {
    const tryHttp = async (url: string, headers: Record<string, string>) => {
      const response = await fetch(url, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      });
      expect(response.status).toBe(200);
    };
    const mcpUrl = `${server.baseUrl}/mcp`;
    expect(block('Streamable HTTP calls')).toContain(`curl ${mcpUrl} -H "${bearer()}"`);

    // VS Code asks for the key (inputs) and puts it where ${input:unstuck-key} stands.
    const vscode = JSON.parse(block('VS Code configuration'));
    const input = vscode.inputs.find((i: { password?: boolean }) => i.password);
    const unstuck = JSON.parse(JSON.stringify(vscode.servers.unstuck).replaceAll(`\${input:${input.id}}`, key));
    expect(unstuck).toEqual({ type: 'http', url: mcpUrl, headers: { Authorization: `Bearer ${key}` } });
    await tryHttp(unstuck.url, unstuck.headers);

    const cursor = JSON.parse(block('Cursor configuration')).mcpServers.unstuck;
    expect(cursor.url).toBe(mcpUrl);
    await tryHttp(cursor.url, cursor.headers);

    const [http, sse] = block('Claude Code commands').split('\n');
    expect(await argumentsOf('claude', http!)).toEqual(['mcp', 'add', '--transport', 'http', 'unstuck', mcpUrl, '--header', bearer()]);
    expect(await argumentsOf('claude', sse!)).toEqual([
      'mcp',
      'add',
      '--transport',
      'sse',
      'unstuck-push',
      `${server.baseUrl}/mcp_tools/sse`,
      '--header',
      bearer(),
    ]);
    expect(block('Open the stream')).toContain(`curl -N ${server.baseUrl}/mcp_tools/sse -H "${bearer()}"`);

    // Not run: the Inspector comes from the registry through npx, which a test must not download.
    // Its arguments are checked against the URL and header the Streamable HTTP curl uses.
    expect(await argumentsOf('npx', block('MCP Inspector command'))).toEqual([
      '-y',
      '@modelcontextprotocol/inspector',
      '--cli',
      mcpUrl,
      '--transport',
      'http',
      '--header',
      bearer(),
      '--method',
      'tools/list',
    ]);
  });
});

import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../support/databases.ts';
import { newGuestId, sendMessage } from '../support/http.ts';
import { useTestApp } from '../support/test-app.ts';
import { until } from '../support/until.ts';

/**
 * An LLM vendor that holds every chat request open, counting how many are open at once in total and
 * per conversation (a request's transcript names its case).
 */
async function startHoldingLlm() {
  const open = new Map<ServerResponse, string>();
  let mostAtOnce = 0;
  let mostForOneCase = 0;
  const server = createServer((request, response) => {
    let raw = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (raw += chunk));
    request.on('end', () => {
      const tag = /case-[a-z]/.exec(raw)?.[0] ?? 'unknown';
      open.set(response, tag);
      mostAtOnce = Math.max(mostAtOnce, open.size);
      mostForOneCase = Math.max(mostForOneCase, [...open.values()].filter((value) => value === tag).length);
      response.on('close', () => open.delete(response));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    openRequests: () => open.size,
    mostAtOnce: () => mostAtOnce,
    mostForOneCase: () => mostForOneCase,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

// The queue's jobs and their locks are the subject (both databases); our app is reached through
// app.inject, the vendor it calls is a real local server.
describe.each(databaseKinds)('the agent queue on %s', { timeout: 120_000 }, (kind) => {
  let llm: Awaited<ReturnType<typeof startHoldingLlm>>;
  const env: Record<string, string> = {};
  beforeAll(async () => {
    llm = await startHoldingLlm();
    Object.assign(env, {
      LLM_PROVIDER: 'openai-compatible',
      LLM_BASE_URL: llm.baseUrl,
      LLM_MODEL: 'holds',
      LLM_API_KEY: 'test',
      AGENT_CONCURRENCY: '3',
    });
  });
  afterAll(async () => {
    await llm?.close();
  });
  // Hooks after the suite run in reverse: the app stops before the vendor.
  const server = useTestApp(env, { kind });

  it('runs turns of different conversations in parallel, and one conversation one turn at a time', async () => {
    const first = { guest: newGuestId() };
    const sent = await sendMessage(server, first, { content: 'My cron job stopped running (case-a)' });
    expect(sent.status).toBe(200);
    await until(() => llm.openRequests() === 1, 30_000, "the first conversation's turn");
    // A second message in the same conversation while its turn runs, and three other conversations.
    const again = await sendMessage(server, first, {
      content: 'Also the logs are empty (case-a)',
      conversationId: sent.body.conversation_id,
    });
    expect(again.status).toBe(200);
    for (const tag of ['b', 'c', 'd']) {
      expect((await sendMessage(server, { guest: newGuestId() }, { content: `My deploy hangs (case-${tag})` })).status).toBe(200);
    }
    // AGENT_CONCURRENCY=3: the other conversations' turns start while the first one still runs.
    await until(() => llm.mostAtOnce() >= 3, 30_000, 'three turns at once');
    expect(llm.mostForOneCase()).toBe(1);
  });
});

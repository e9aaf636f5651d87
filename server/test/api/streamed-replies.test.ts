import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { NEUTRALISED_TASK_SECTION_MARKER, TASK_SECTION_MARKER } from '@unstuck/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../support/databases.ts';
import { openEventStream, type ServerEvent } from '../support/event-stream.ts';
import { newGuestId, readMessages, sendMessage } from '../support/http.ts';
import { startOpenAiCompatibleServer } from '../support/openai-compatible-server.ts';
import { startOn } from '../support/test-server.ts';

const STAFF_NOTES = 'STAFF-ONLY: the person sounds like a reseller; check the budget.';
const CONTENT = [
  `You quoted ${TASK_SECTION_MARKER} from your logs, thanks.`,
  'Which error does the Vercel log show for one failing API route, and did it start right after the App Router upgrade?',
  'A stack trace or the exact status line helps most.',
].join(' ');
// staffNotes first: the model may write it before the content, and it must still never be streamed.
const answer = {
  staffNotes: STAFF_NOTES,
  kind: 'question',
  content: CONTENT,
  brief: {
    title: 'Fix 500s on Next.js API routes',
    description: 'My Next.js API routes return 500 after the App Router upgrade',
    diagnosis: null,
    clarifiedScope: null,
    jobSummaryForEngineer: null,
  },
  reading: { requestType: 'bug_fix', stack: ['Next.js'], aiTools: [] },
  estimate: null,
};
const FINAL = CONTENT.replace(TASK_SECTION_MARKER, NEUTRALISED_TASK_SECTION_MARKER);
const slowly = { chunkChars: 12, chunkDelayMs: 40 };

const draftsOf = (events: readonly ServerEvent[]) =>
  events.filter((e) => e.event === 'message_draft').map((e) => JSON.parse(e.data) as { reply_to: string | null; content: string });
const agentMessageIn = (events: readonly ServerEvent[]) =>
  events.some((e) => e.event === 'message' && (JSON.parse(e.data) as { sender_id: string }).sender_id === 'agent-1');

describe.each(databaseKinds)('streamed agent replies on %s', { timeout: 120_000 }, (kind) => {
  let llm: Awaited<ReturnType<typeof startOpenAiCompatibleServer>>;
  let testDatabase: TestDatabase;
  let dataDir: string;
  const running: Array<Awaited<ReturnType<typeof startOn>>> = [];
  const llmEnv = () => ({
    LLM_PROVIDER: 'openai-compatible',
    LLM_BASE_URL: llm.baseUrl,
    LLM_API_KEY: 'sk-local-test',
    LLM_MODEL: 'local-model',
    LLM_TIMEOUT_MS: '20000',
  });

  beforeAll(async () => {
    llm = await startOpenAiCompatibleServer();
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'unstuck-drafts-'));
    testDatabase = await createTestDatabase(kind, dataDir);
    running.push(await startOn(testDatabase, llmEnv()));
    // On PostgreSQL the streams are read on a second instance that runs no agent: drafts cross by NOTIFY.
    if (kind === 'postgres') running.push(await startOn(testDatabase, { ...llmEnv(), AGENT_WORKER: 'false' }));
  });
  afterAll(async () => {
    for (const server of running.splice(0)) await server.close().catch(() => undefined);
    await testDatabase?.drop();
    await rm(dataDir, { recursive: true, force: true });
    await llm?.close();
  });
  afterEach(() => {
    expect(llm.requests.every((request) => request.body.stream === true)).toBe(true);
  });
  const reader = () => running.at(-1)!;
  // The streams stay open until the servers close them in afterAll (their preClose ends every stream).
  // Aborting them from this process's fetch left sockets that held app.close() until keep-alive ran out.

  it('a reader sees the text grow in drafts, then the stored message; no staff notes, no marker', async () => {
    llm.reply({ json: answer, ...slowly });
    const guest = { guest: newGuestId() };
    const sent = await sendMessage(running[0]!.url, guest, { content: answer.brief.description });
    const stream = await openEventStream(reader().url, guest, sent.body.conversation_id);
    await stream.waitUntil(agentMessageIn);

    const drafts = draftsOf(stream.events);
    const texts = [...new Set(drafts.map((d) => d.content))];
    expect(texts.length).toBeGreaterThanOrEqual(2);
    for (const [i, text] of texts.entries()) {
      expect(FINAL.startsWith(text)).toBe(true);
      if (i > 0) expect(text.length).toBeGreaterThan(texts[i - 1]!.length);
    }
    for (const draft of drafts) {
      expect(draft.reply_to).toBe(sent.body.id);
      expect(draft.content).not.toContain('STAFF-ONLY');
      expect(draft.content).not.toContain(TASK_SECTION_MARKER);
    }
    const last = stream.events.at(-1)!;
    expect(last.event).toBe('message');
    expect(JSON.parse(last.data)).toMatchObject({ sender_id: 'agent-1', content: FINAL });
    // The message replaced the draft: nothing of the turn comes after it.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(stream.events.at(-1)).toBe(last);
  });

  it('a stream cut mid-way removes the draft; the retried turn is stored once', async () => {
    llm.reply({ json: answer, ...slowly, cutAfterChars: 220 }, { json: answer, ...slowly });
    const guest = { guest: newGuestId() };
    const sent = await sendMessage(running[0]!.url, guest, { content: answer.brief.description });
    const stream = await openEventStream(reader().url, guest, sent.body.conversation_id);
    await stream.waitUntil(agentMessageIn, 60_000);

    const drafts = draftsOf(stream.events);
    const cleared = drafts.findIndex((d) => d.content === '');
    expect(cleared).toBeGreaterThan(0); // some text, then the draft was removed
    expect(drafts.slice(cleared + 1).some((d) => d.content.length > 0)).toBe(true); // the retry streamed again
    expect(stream.events.at(-1)!.event).toBe('message');
    const list = await readMessages(running[0]!.url, guest, sent.body.conversation_id);
    expect(list.body.filter((m: { sender_id: string }) => m.sender_id === 'agent-1').map((m: { content: string }) => m.content)).toEqual([
      FINAL,
    ]);
  });

  it('a long reply crosses in pieces under the NOTIFY payload limit and arrives whole', async () => {
    // 4,000 characters, mostly Japanese (3 bytes each in UTF-8): the first 3,500 arrive at once, about
    // 10,000 bytes, more than one NOTIFY can carry.
    const long = `${CONTENT}\n\n${'日本語で書かれた長い説明です。「引用」を含みます。\n'.repeat(200)}`.slice(0, 4_000);
    llm.reply({ json: { ...answer, content: long }, chunkChars: 3_500, chunkDelayMs: 150 });
    const guest = { guest: newGuestId() };
    const sent = await sendMessage(running[0]!.url, guest, { content: answer.brief.description });
    const stream = await openEventStream(reader().url, guest, sent.body.conversation_id);
    await stream.waitUntil(agentMessageIn);

    const final = long.replace(TASK_SECTION_MARKER, NEUTRALISED_TASK_SECTION_MARKER).trim();
    const drafts = draftsOf(stream.events).map((d) => d.content);
    expect(drafts.some((d) => d.length > 1_500)).toBe(true);
    // The stored text is trimmed; a draft may still end in the newline the model wrote.
    for (const draft of drafts) expect(final.startsWith(draft.trimEnd())).toBe(true);
    expect(JSON.parse(stream.events.at(-1)!.data)).toMatchObject({ sender_id: 'agent-1', content: final });
  });
});

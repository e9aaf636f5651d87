import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENT_RECIPIENT_ID } from '@unstuck/contract';
import type { Db } from '../../src/db/client.ts';
import { conversations, messages, tasks, users } from '../../src/db/schema.ts';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../support/databases.ts';
import { newGuestId, sendMessage, waitForMessages, type Identity } from '../support/http.ts';
import { startOpenAiCompatibleServer } from '../support/openai-compatible-server.ts';
import { signInAs, startOn, startTestServer, useSharedDatabase, type TestServer } from '../support/test-server.ts';
import { until } from '../support/until.ts';

const turn = (content: string) => ({
  reading: { requestType: 'bug_fix', stack: ['Django'], aiTools: [] },
  kind: 'question',
  content,
  staffNotes: '',
  brief: {
    title: 'Fix the Django admin login loop',
    description: 'The Django admin redirects back to its login page after signing in',
    diagnosis: null,
    clarifiedScope: null,
    jobSummaryForEngineer: null,
  },
  estimate: null,
});

/** Waits until the newest message of the conversation is agent-1's answer to `messageId`. */
const answeredLast = (server: { url: string }, who: Identity, conversationId: string, messageId: string) =>
  waitForMessages(
    server.url,
    who,
    conversationId,
    (messages) => messages.at(-1)?.sender_id === 'agent-1' && messages.at(-1)?.reply_to_message_id === messageId,
    30_000,
  );

// A person's message that arrives while agent-1's turn on the same conversation runs (a second tab, the
// API, an agent client) must be answered, by that turn or the next.
describe.each(databaseKinds)('no unanswered message on %s', { timeout: 180_000 }, (kind) => {
  describe('with an LLM streaming its reply slowly', () => {
    let llm: Awaited<ReturnType<typeof startOpenAiCompatibleServer>>;
    let server: TestServer;
    beforeAll(async () => {
      llm = await startOpenAiCompatibleServer();
      server = await startTestServer(kind, {
        LLM_PROVIDER: 'openai-compatible',
        LLM_BASE_URL: llm.baseUrl,
        LLM_API_KEY: 'sk-local-test',
        LLM_MODEL: 'local-model',
        LLM_TIMEOUT_MS: '30000',
      });
    });
    afterAll(async () => {
      await server?.destroy();
      await llm?.close();
    });

    it('a message sent while the reply streams is answered by the next turn', async () => {
      const first = turn('Does it happen in a private window too?');
      llm.reply({ json: first, chunkChars: 8, chunkDelayMs: 60 }, { json: turn('Thanks, which Django version is it?') });
      const guest = { guest: newGuestId() };
      const sent = await sendMessage(server.url, guest, { content: 'My Django admin sends me back to the login page' });
      const conversationId = sent.body.conversation_id as string;
      await until(() => llm.requests.length === 1, 30_000, 'the first turn asks the model');
      const second = await sendMessage(server.url, guest, { content: 'It started after moving to HTTPS', conversationId });
      expect(second.status).toBe(200);

      const messages = await answeredLast(server, guest, conversationId, second.body.id);
      expect(messages.map((m) => [m.sender_id, m.reply_to_message_id])).toEqual([
        [guest.guest, null],
        [guest.guest, null],
        ['agent-1', sent.body.id],
        ['agent-1', second.body.id],
      ]);
      expect(llm.requests).toHaveLength(2);
      expect(JSON.stringify(llm.requests[1]!.body.messages)).toContain('It started after moving to HTTPS');
    });
  });

  // agent-1's offline brain thinks on the event loop: a message reaches a turn in progress only through
  // another process. As in production with two instances on one PostgreSQL, the worker runs in its own
  // process and the messages come in through an instance that runs no agent.
  describe.runIf(kind === 'postgres')('with the offline brain', () => {
    let testDatabase: TestDatabase;
    let dataDir: string;
    let web: Awaited<ReturnType<typeof startOn>>;
    let worker: ChildProcess;
    beforeAll(async () => {
      dataDir = await mkdtemp(path.join(os.tmpdir(), 'unstuck-unanswered-'));
      testDatabase = await createTestDatabase(kind, dataDir);
      web = await startOn(testDatabase, { AGENT_WORKER: 'false' });
      worker = await startWorkerProcess(testDatabase);
    });
    afterAll(async () => {
      worker?.kill('SIGTERM');
      if (worker && worker.exitCode === null) await new Promise((resolve) => worker.once('exit', resolve));
      await web?.close();
      await testDatabase?.drop();
      await rm(dataDir, { recursive: true, force: true });
    });

    it('a message sent while the turn runs is answered by the next turn', async () => {
      const person = await signInAs(web);
      // A long conversation, so that the turn thinks for a while (the offline brain reads all of it).
      const conversationId = await seedLongConversation(web.database.db, person.claims.uid);
      const sent = await sendMessage(web.url, { token: person.token }, { content: 'It started after moving to HTTPS', conversationId });
      expect(sent.status).toBe(200);
      await until(async () => (await turnState(web.database.db, conversationId)) === 'active', 30_000, 'the worker to take the turn');
      const second = await sendMessage(web.url, { token: person.token }, { content: 'We run it behind nginx', conversationId });
      expect(second.status).toBe(200);

      // Answered by the next turn (or, had it come before the turn read the conversation, by that turn).
      await answeredLast(web, { token: person.token }, conversationId, second.body.id);
    });
  });

  describe('at start-up', () => {
    const instances = useSharedDatabase(kind);

    it('a message that no turn answered is queued, though an answer to an earlier one came after it', async () => {
      const before = await instances.start({ AGENT_WORKER: 'false' });
      const guest = newGuestId();
      const db = before.database.db;
      await db.insert(users).values({ id: guest, role: 'guest', isGuest: true });
      const [conversation] = await db
        .insert(conversations)
        .values({ ownerId: guest, title: 'Django admin login loop', participants: [guest, AGENT_RECIPIENT_ID] })
        .returning();
      const conversationId = conversation!.id;
      await db.insert(tasks).values({ title: 'Django admin login loop', description: 'Login loop', userId: guest, conversationId });
      const person = (content: string) =>
        db
          .insert(messages)
          .values({ conversationId, senderId: guest, recipientId: AGENT_RECIPIENT_ID, content, read: true })
          .returning()
          .then(([row]) => row!);
      const first = await person('My Django admin sends me back to the login page');
      const second = await person('It started after moving to HTTPS');
      // The answer to the first message, stored after the second came in; the second's job was lost.
      await db.insert(messages).values({
        conversationId,
        senderId: AGENT_RECIPIENT_ID,
        recipientId: guest,
        content: 'Does it happen in a private window too?',
        replyToMessageId: first.id,
        turnKey: `reply:${first.id}`,
      });
      await before.close();

      const after = await instances.start();
      await answeredLast(after, { guest }, conversationId, second.id);
    });
  });
});

const LONG = 'Our Django admin on nginx with PostgreSQL and Redis sends us back to the login page since we moved to HTTPS. '.repeat(180);

/** A signed-in person's conversation with agent-1 of four long exchanges, each answered, and its task. */
async function seedLongConversation(db: Db, ownerId: string): Promise<string> {
  const [conversation] = await db
    .insert(conversations)
    .values({ ownerId, title: 'Django admin login loop', participants: [ownerId, AGENT_RECIPIENT_ID] })
    .returning();
  const conversationId = conversation!.id;
  await db.insert(tasks).values({ title: 'Django admin login loop', description: LONG, userId: ownerId, conversationId });
  for (let i = 0; i < 4; i++) {
    const [asked] = await db
      .insert(messages)
      .values({ conversationId, senderId: ownerId, recipientId: AGENT_RECIPIENT_ID, content: `${i + 1}. ${LONG}`, read: true })
      .returning();
    await db.insert(messages).values({
      conversationId,
      senderId: AGENT_RECIPIENT_ID,
      recipientId: ownerId,
      content: `Thanks. ${LONG} Which version of Django is it?`,
      metadata: { kind: 'question' },
      replyToMessageId: asked!.id,
      turnKey: `reply:${asked!.id}`,
    });
  }
  return conversationId;
}

/** The state of the conversation's newest agent-1 job in the queue's table (`active` while a worker runs it). */
async function turnState(db: Db, conversationId: string): Promise<string | undefined> {
  const result = (await db.execute<{ state: string }>(
    sql`select state from pgboss.job where name = 'agent-turns' and singleton_key = ${conversationId} order by created_on desc limit 1`,
  )) as { rows: Array<{ state: string }> };
  return result.rows[0]?.state;
}

/** Starts a server process with the agent worker on the test database; resolves once it is ready. */
async function startWorkerProcess(testDatabase: TestDatabase): Promise<ChildProcess> {
  const env = { ...process.env, ...testDatabase.env, NODE_ENV: 'test', HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info' };
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  await new Promise<void>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`the worker process did not start:\n${output}`)), 120_000);
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('is ready')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => reject(new Error(`the worker process exited with ${code}:\n${output}`)));
  });
  return child;
}

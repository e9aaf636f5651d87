import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tasks } from '../../src/db/schema.ts';
import { newGuestId, sendMessage, waitForAgentReply } from '../support/http.ts';
import { startOpenAiCompatibleServer } from '../support/openai-compatible-server.ts';
import { useTestApp } from '../support/test-app.ts';

const brief = {
  title: 'Fix 500s on Next.js API routes after the App Router upgrade',
  description: 'My Next.js app on Vercel returns 500 on every API route after upgrading to App Router',
  diagnosis: 'Route handlers still use the Pages Router API.',
  clarifiedScope: null,
  jobSummaryForEngineer: 'Next.js on Vercel; API routes fail after the App Router upgrade.',
};
const question = {
  reading: { requestType: 'bug_fix', stack: ['Next.js', 'Vercel'], aiTools: [] },
  kind: 'question',
  content: 'Which error does the Vercel log show for one failing route?',
  staffNotes: 'Likely res.status() in route handlers.',
  brief,
  estimate: null,
};

describe('agent-1 with an LLM configured', () => {
  // The model's vendor is a real local server (our server calls it over HTTP); our own app needs no port.
  let llm: Awaited<ReturnType<typeof startOpenAiCompatibleServer>>;
  const env: Record<string, string> = {};
  beforeAll(async () => {
    llm = await startOpenAiCompatibleServer();
    Object.assign(env, {
      LLM_PROVIDER: 'openai-compatible',
      LLM_BASE_URL: llm.baseUrl,
      LLM_API_KEY: 'sk-local-test',
      LLM_MODEL: 'local-model',
      LLM_TIMEOUT_MS: '5000',
    });
  });
  afterAll(async () => {
    await llm?.close();
  });
  // Hooks after the suite run in reverse: the app stops before the vendor.
  const server = useTestApp(env);

  it("answers with the model's turn, sent with our key and the person's message", async () => {
    llm.reply({ json: question });
    const guest = { guest: newGuestId() };
    const sent = await sendMessage(server, guest, { content: brief.description });
    const list = await waitForAgentReply(server, guest, sent.body.conversation_id, sent.body.id);
    expect(list.at(-1)).toMatchObject({ content: question.content, metadata: { kind: 'question' } });
    const request = llm.requests.at(-1)!;
    expect(request.headers.authorization).toBe('Bearer sk-local-test');
    expect(request.body.model).toBe('local-model');
    expect(JSON.stringify(request.body.messages)).toContain(brief.description);
    const [task] = await server.database.db.select().from(tasks).where(eq(tasks.conversationId, sent.body.conversation_id));
    expect(task).toMatchObject({ title: brief.title, diagnosis: brief.diagnosis });
  });

  it('a failed model call is retried by the queue and answered once', async () => {
    llm.reply({ status: 503, error: 'overloaded' }, { json: question });
    const guest = { guest: newGuestId() };
    const before = llm.requests.length;
    const sent = await sendMessage(server, guest, { content: brief.description });
    const list = await waitForAgentReply(server, guest, sent.body.conversation_id, sent.body.id);
    expect(list.filter((m) => m.sender_id === 'agent-1')).toHaveLength(1);
    expect(llm.requests.length - before).toBe(2);
  });
});

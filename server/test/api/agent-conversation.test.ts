import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { tasks } from '../../src/db/schema.ts';
import { reachProposal } from '../support/agent-flow.ts';
import { callJson, newGuestId, sendMessage, waitForAgentReply, waitForMessages, type Identity } from '../support/http.ts';
import { startOpenAiCompatibleServer } from '../support/openai-compatible-server.ts';
import { useTestApp, type TestApp } from '../support/test-app.ts';
import { signInAs } from '../support/test-server.ts';

/** Sends `content` and answers agent-1's reply to it, as the person reads it. */
async function say(app: TestApp, identity: Identity, content: string, conversationId?: string) {
  const sent = await sendMessage(app, identity, conversationId ? { content, conversationId } : { content });
  expect(sent.status).toBe(200);
  const id = sent.body.conversation_id as string;
  const list = await waitForAgentReply(app, identity, id, sent.body.id);
  return { conversationId: id, reply: list.find((m) => m.reply_to_message_id === sent.body.id), list };
}

const questionMarks = (text: string) => (text.match(/\?/g) ?? []).length;

async function taskOf(app: TestApp, conversationId: string) {
  const [task] = await app.database.db.select().from(tasks).where(eq(tasks.conversationId, conversationId));
  return task!;
}

describe('agent-1 talks with people (intake agent)', () => {
  const app = useTestApp();

  it('answers a question in the first message from its facts, with the configured rate', async () => {
    const { token } = await signInAs(app);
    const { reply } = await say(app, { token }, "What's your hourly rate? I need my Wix site connected to a Google Sheet of bookings.");
    expect(reply.content).toContain('Experts work at $100 an hour');
    expect(questionMarks(reply.content)).toBeLessThanOrEqual(3);
  }, 60_000);

  it('answers questions after a proposal without a new version, saying how to accept or change', async () => {
    const { token } = await signInAs(app);
    const { conversationId } = await reachProposal(app, { token });
    const price = await say(app, { token }, 'Is the price fixed or could it go up?', conversationId);
    expect(price.reply.content).toContain('anything beyond it is agreed with you first');
    const start = await say(app, { token }, 'Can the expert start today?', conversationId);
    // No expected first reply is published yet: no figure.
    expect(start.reply.content).toContain('An expert picks your task up after you accept the proposal');
    for (const { reply, list } of [price, start]) {
      expect(reply.metadata.kind).toBe('question');
      expect(reply.content).toContain("press **✓ Sounds good** to accept it, or **✎ Let's modify it**");
      expect(list.filter((m) => m.metadata.kind === 'proposal')).toHaveLength(1);
    }
    expect((await taskOf(app, conversationId)).proposalVersion).toBe(1);
  }, 60_000);

  it('asks what to change when "Let\'s modify it" is pressed after an answered question', async () => {
    const { token } = await signInAs(app);
    const { conversationId, proposal } = await reachProposal(app, { token });
    await say(app, { token }, 'Who will do the work?', conversationId);
    expect((await callJson(app, 'POST', `/api/v2/proposals/${proposal.id}/modify`, { token })).status).toBe(200);
    const list = await waitForMessages(app, { token }, conversationId, (messages) =>
      /What would you like to change/.test(messages.at(-1).content),
    );
    expect(list.at(-1).reply_to_message_id).toBeNull();
  }, 60_000);

  it('asks a vague request before pricing it and offers a fixed Diagnosis after two tries', async () => {
    const { token } = await signInAs(app);
    const first = await say(app, { token }, 'the app crashes');
    const second = await say(app, { token }, 'flutter', first.conversationId);
    for (const { reply } of [first, second]) {
      expect(reply.metadata.kind).toBe('question');
      expect(questionMarks(reply.content)).toBeLessThanOrEqual(3);
    }
    const third = await say(app, { token }, 'it just crashes', first.conversationId);
    expect(third.reply.metadata.kind).toBe('proposal');
    expect(third.reply.content).toMatch(/^\*\*Proposal: Diagnosis /);
    expect(third.reply.metadata.intake.estimate).toEqual({ hoursLow: 1, hoursHigh: 2, priceLow: 100, priceHigh: 200, currency: 'USD' });
  });

  it('gives a guest at the limit the most useful question instead of a guessed price', async () => {
    const guest = { guest: newGuestId() };
    const first = await say(app, guest, 'my app is broken');
    const second = await say(app, guest, 'its a react app i made with bolt', first.conversationId);
    expect(second.reply.metadata.kind).toBe('question');
    expect(questionMarks(second.reply.content)).toBe(1);
  });

  it('titles the symptom and its context, not a migration read from platform names', async () => {
    const { token } = await signInAs(app);
    const { conversationId } = await say(
      app,
      { token },
      "Our Django app's password reset emails stopped arriving after we moved from Heroku to Render. It's at localhost:8000 for me.",
    );
    const task = await callJson(app, 'GET', `/api/v2/conversations/${conversationId}/task`, { token });
    expect(task.body.title).toBe('Password reset emails stopped arriving after moving from Heroku to Render');
    expect((await taskOf(app, conversationId)).jobSummaryForEngineer).toContain('Links: none');
  });
});

const llm = await startOpenAiCompatibleServer();
afterAll(() => llm.close());

describe('agent-1 talks with people (LLM)', () => {
  const app = useTestApp({
    LLM_PROVIDER: 'openai-compatible',
    LLM_BASE_URL: llm.baseUrl,
    LLM_MODEL: 'local-model',
    LLM_TIMEOUT_MS: '5000',
  });
  const brief = { title: 'Fix crashes', description: 'd', diagnosis: null, clarifiedScope: null, jobSummaryForEngineer: null };
  const reading = { requestType: 'bug_fix', stack: ['Next.js'], aiTools: [] };
  const proposal = {
    kind: 'proposal',
    content:
      '**Fix the API routes**\n\n## Scope\n- Fix the routes\n\n## Plan\n1. Fix\n\n## Next steps\nAccept it.\n\n## Estimate\n6–10 hours',
    staffNotes: '',
    brief,
    reading,
    estimate: { hoursLow: 6, hoursHigh: 10 },
  };

  it('gives the model the facts, and keeps the proposal as it is when a question gets a proposal back', async () => {
    const { token } = await signInAs(app);
    llm.reply({ json: proposal }, { json: proposal });
    const first = await say(app, { token }, 'My Next.js app on Vercel returns 500 on every API route after upgrading to App Router');
    expect(first.reply.metadata.kind).toBe('proposal');
    expect(String(llm.requests.at(-1)!.body.messages[0]!.content)).toContain('Experts work at $100 an hour');
    const { reply, list } = await say(app, { token }, 'How do I pay?', first.conversationId);
    expect(reply.metadata.kind).toBe('question');
    expect(reply.content).toContain('Nothing is charged in this chat');
    expect(list.filter((m) => m.metadata.kind === 'proposal')).toHaveLength(1);
  });

  it('prices nothing on a vague start and asks at most three questions, one per line', async () => {
    const { token } = await signInAs(app);
    llm.reply(
      { json: proposal },
      {
        json: {
          ...proposal,
          kind: 'question',
          estimate: null,
          content: 'Which app? What fails? Since when? Which phone? What did you try?',
        },
      },
    );
    const first = await say(app, { token }, 'the app crashes');
    expect(first.reply.metadata.kind).toBe('question');
    expect(first.reply.metadata.intake.estimate).toBeUndefined();
    const second = await say(app, { token }, 'flutter', first.conversationId);
    expect(second.reply.content).toBe('Which app?\nWhat fails?\nSince when?');
  });
});

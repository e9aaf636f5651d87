import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { conversations, messages, tasks } from '../../src/db/schema.ts';
import { databaseKinds } from '../support/databases.ts';
import { callJson, fetchOn, newGuestId, readMessages, sendMessage, waitForAgentReply, waitForMessages } from '../support/http.ts';
import { createAgentKey } from '../support/agent-keys.ts';
import { participantIdOf } from '../support/seed.ts';
import { signInStaff, STAFF_ENV } from '../support/staff.ts';
import { useTestApp } from '../support/test-app.ts';

const JOB = {
  type: 'direct',
  recipientId: 'agent-1',
  content: 'Job: Fix checkout\n\nStripe checkout fails with a 500 after the upgrade to Next.js 15.\n\nStack: Next.js, Stripe',
  metadata: { jobTitle: 'Fix checkout', techStack: 'Next.js, Stripe', attachments: [] },
};

describe.each(databaseKinds)('POST /api/messages on %s', (kind) => {
  const server = useTestApp(STAFF_ENV, { kind });
  let admin = { token: '' };
  let user = { token: '' };
  let agentKey = '';
  let otherAgentKey = '';

  beforeAll(async () => {
    const staff = await signInStaff(server);
    admin = { token: staff.admin.token };
    user = { token: staff.user.token };
    const created = await callJson(server, 'POST', '/api/admin/agents/apikeys', admin, {
      agentId: 'agent-1',
      agentName: 'External agent-1',
    });
    agentKey = created.body.api_key;
    otherAgentKey = await createAgentKey(server.database.db, 'agent-7', 'Another agent');
  });

  const post = (headers: Record<string, string>, body: unknown) =>
    fetchOn(server, `/api/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    }).then(async (response) => ({ status: response.status, body: (await response.json()) as any }));
  const countMessages = async () => (await server.database.db.select({ id: messages.id }).from(messages)).length;

  it('a signed-in user submits a job: a conversation with agent-1 and its task, answered like a chat request', async () => {
    const sent = await post({ authorization: `Bearer ${user.token}` }, JOB);
    expect(sent).toEqual({
      status: 201,
      body: { id: expect.any(String), conversation_id: expect.any(String), task_id: expect.any(String) },
    });
    const [task] = await server.database.db.select().from(tasks).where(eq(tasks.id, sent.body.task_id));
    expect(task).toMatchObject({ conversationId: sent.body.conversation_id, description: JOB.content });
    const [conversation] = await server.database.db.select().from(conversations).where(eq(conversations.id, sent.body.conversation_id));
    expect(conversation!.participants).toContain('agent-1');
    const list = await waitForAgentReply(server, user, sent.body.conversation_id, sent.body.id);
    expect(list[0]).toMatchObject({ content: JOB.content, metadata: { jobTitle: 'Fix checkout', techStack: 'Next.js, Stripe' } });
    expect(list[1]).toMatchObject({ sender_id: 'agent-1', sender_role: 'agent' });
  });

  it('bad job payloads get a clear 400 and store nothing; guests and strangers get 401', async () => {
    const before = await countMessages();
    expect(await post({ authorization: `Bearer ${user.token}` }, { ...JOB, metadata: { ...JOB.metadata, jobTitle: '  ' } })).toEqual({
      status: 400,
      body: { code: 'invalid_request', detail: 'metadata.jobTitle: metadata.jobTitle must not be blank' },
    });
    expect((await post({ authorization: `Bearer ${user.token}` }, { ...JOB, content: '' })).status).toBe(400);
    const foreign = await post(
      { authorization: `Bearer ${user.token}` },
      { ...JOB, metadata: { ...JOB.metadata, attachments: ['/api/v2/files/00000000-0000-4000-8000-000000000000/a.png'] } },
    );
    expect(foreign).toEqual({ status: 400, body: { code: 'invalid_request', detail: expect.stringContaining('metadata.attachments') } });
    expect((await post({ 'x-guest-session-id': newGuestId() }, JOB)).status).toBe(401);
    expect((await post({}, JOB)).status).toBe(401);
    expect(await countMessages()).toBe(before);
  });

  it('an agent key sent from a browser is refused, whatever the key; an unknown key is 401', async () => {
    const before = await countMessages();
    // The original's job page sent a fixed test key; browsers always send Origin on a POST.
    expect(await post({ 'x-agent-key': 'test-agent-key', origin: 'http://localhost' }, JOB)).toEqual({
      status: 403,
      body: { code: 'forbidden', detail: expect.stringContaining('not accepted from a browser') },
    });
    expect((await post({ 'x-agent-key': agentKey, 'sec-fetch-site': 'same-origin' }, JOB)).status).toBe(403);
    expect((await post({ 'x-agent-key': 'test-agent-key' }, JOB)).status).toBe(401);
    expect(await countMessages()).toBe(before);
  });

  it('a third-party agent writes as its agent id into a conversation addressed to it, and only there', async () => {
    const guest = { guest: newGuestId() };
    const sent = await sendMessage(server, guest, { content: 'I need a landing page for my bakery' });
    await waitForAgentReply(server, guest, sent.body.conversation_id, sent.body.id);
    // Agents name a guest by its participant id (what list_conversations shows), never by its guest id.
    const participant = await participantIdOf(server.database.db, guest.guest);

    const message = {
      content: 'A colleague will look at the photos you mentioned.',
      conversationId: sent.body.conversation_id,
      recipientId: participant,
    };
    const other = await post({ 'x-agent-key': otherAgentKey }, message);
    expect(other).toEqual({ status: 404, body: { code: 'not_found', detail: 'Conversation not found' } });
    expect((await post({ 'x-agent-key': agentKey }, { ...message, recipientId: 'guest-someoneelse' })).status).toBe(400);
    expect((await post({ 'x-agent-key': agentKey }, { ...message, recipientId: guest.guest })).status).toBe(400);

    // agent-1's built-in brain answered the guest already: one reply per message, unless a follow-up.
    expect(await post({ 'x-agent-key': agentKey }, message)).toEqual({
      status: 409,
      body: { code: 'already_answered', detail: expect.stringContaining('followUp: true') },
    });
    const posted = await post(
      { authorization: `Bearer ${agentKey}` },
      { ...message, followUp: true, metadata: { proposal_status: 'accepted', source: 'crm' } },
    );
    expect(posted).toEqual({
      status: 201,
      body: { id: expect.any(String), conversation_id: sent.body.conversation_id, task_id: expect.any(String) },
    });
    const list = await waitForMessages(server, guest, sent.body.conversation_id, (all) => all.some((m) => m.id === posted.body.id));
    const mine = list.find((m) => m.id === posted.body.id);
    // Reserved metadata is the server's: an agent cannot mark its message an accepted proposal.
    expect(mine).toMatchObject({ sender_id: 'agent-1', sender_role: 'agent', recipient_id: guest.guest, metadata: { source: 'crm' } });
    expect(mine.metadata).not.toHaveProperty('proposal_status');

    // Without a conversation id, the latest conversation of the recipient with this agent.
    const byRecipient = await post({ 'x-agent-key': agentKey }, { content: 'Anything else?', recipientId: participant, followUp: true });
    expect(byRecipient.body.conversation_id).toBe(sent.body.conversation_id);
    expect((await post({ 'x-agent-key': agentKey }, { content: 'Anything else?', recipientId: guest.guest })).status).toBe(400);

    const audit = await callJson(server, 'GET', '/api/admin/audit-log?limit=10', admin);
    const actions = audit.body.entries.filter((e: any) => e.action === 'agent.send_message');
    expect(actions.map((e: any) => [e.actor_id, e.details.outcome])).toEqual(
      expect.arrayContaining([
        ['agent-7', '404 Conversation not found'],
        ['agent-1', 'ok'],
      ]),
    );
    const keys = (await callJson(server, 'GET', '/api/admin/agents/apikeys', admin)).body.api_keys;
    expect(keys.find((k: any) => k.agentId === 'agent-1').accessCount).toBeGreaterThanOrEqual(3);
    expect((await readMessages(server, guest, sent.body.conversation_id)).status).toBe(200);
  });

  it('a revoked key is refused with 401', async () => {
    const created = await callJson(server, 'POST', '/api/admin/agents/apikeys', admin, {
      agentId: 'agent-1',
      agentName: 'Soon revoked',
      rotate: true,
    });
    await callJson(server, 'DELETE', `/api/admin/agents/apikeys/${created.body.id}`, admin);
    const refused = await fetchOn(server, `/api/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-agent-key': created.body.api_key },
      body: JSON.stringify({ content: 'hi', recipientId: 'guest-x' }),
    });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toMatch(/^Bearer realm="unstuck-agents", error="invalid_token"/);
  });
});

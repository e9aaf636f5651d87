import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { ResourceUpdatedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { createAgentKey } from '../support/agent-keys.ts';
import { callJson, newGuestId, readMessages, sendMessage, waitForAgentReply } from '../support/http.ts';
import { openMcpStream } from '../support/mcp-stream.ts';
import { signIn } from '../support/sign-in.ts';
import { ADMIN_EMAIL, STAFF_ENV } from '../support/staff.ts';
import { useSharedDatabase } from '../support/test-server.ts';
import { until } from '../support/until.ts';

/** An agent connected over the session transport (the one that pushes), with the updates it hears. */
async function connectAgent(url: string, key: string) {
  const client = new Client({ name: 'unstuck-push-test', version: '1.0.0' });
  await client.connect(new SSEClientTransport(new URL(`${url}/mcp_tools/sse`), { requestInit: { headers: { 'x-agent-key': key } } }));
  const updates: Array<{ uri: string; at: number }> = [];
  client.setNotificationHandler(ResourceUpdatedNotificationSchema, (notification) => {
    updates.push({ uri: notification.params.uri, at: Date.now() });
  });
  return { client, updates };
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('pushing conversation changes to agents across instances (PostgreSQL)', () => {
  const instances = useSharedDatabase('postgres');

  it('an agent subscribed on one instance hears of a guest message sent to another within a second, and of one sent to its own once', async () => {
    const agentSide = await instances.start({ AGENT_MODE: 'external' });
    const guestSide = await instances.start({ AGENT_MODE: 'external' });
    const key = await createAgentKey(agentSide.database.db);
    const guest = { guest: newGuestId() };
    const sent = await sendMessage(guestSide.url, guest, { content: 'I need a Zapier flow from Typeform to Airtable' });
    const conversationId: string = sent.body.conversation_id;

    const { client, updates } = await connectAgent(agentSide.url, key);
    await client.subscribeResource({ uri: 'unstuck://conversations/waiting' });
    await client.subscribeResource({ uri: `unstuck://conversations/${conversationId}` });
    await client.callTool({ name: 'send_message', arguments: { conversationId, content: 'Which fields go across?' } });
    await until(() => updates.length > 0, 5000, 'the pushed update');
    updates.length = 0;

    const before = Date.now();
    await sendMessage(guestSide.url, guest, { content: 'Name, email and the answers', conversationId });
    await until(() => updates.length >= 2, 2000, 'the pushed update');
    expect(updates.map((update) => update.uri).sort()).toEqual([
      `unstuck://conversations/${conversationId}`,
      'unstuck://conversations/waiting',
    ]);
    const latency = Math.max(...updates.map((update) => update.at - before));
    expect(latency).toBeLessThanOrEqual(1000);
    // What the update points at is there to read.
    const waiting = await client.readResource({ uri: 'unstuck://conversations/waiting' });
    expect(JSON.parse((waiting.contents[0] as { text: string }).text).conversations.map((c: { id: string }) => c.id)).toEqual([
      conversationId,
    ]);

    // A guest's send on the agent's own instance is heard twice there (the route's own signal, then the NOTIFY): one update.
    updates.length = 0;
    await sendMessage(agentSide.url, { guest: newGuestId() }, { content: 'My Webflow form stopped sending emails' });
    await until(() => updates.length >= 1, 2000, 'the pushed update');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(updates.map((update) => update.uri)).toEqual(['unstuck://conversations/waiting']);
    await client.close();
  });

  it('revoking a key on one instance ends its session on another at once', async () => {
    const agentSide = await instances.start({ AGENT_MODE: 'external' });
    const adminSide = await instances.start({ AGENT_MODE: 'external', ...STAFF_ENV });
    const admin = { token: (await signIn(adminSide, { email: ADMIN_EMAIL, name: 'Alice Admin' })).token };
    const created = await callJson(adminSide.url, 'POST', '/api/admin/agents/apikeys', admin, { agentId: 'agent-1', agentName: 'Cross' });
    const stream = await openMcpStream(agentSide.url, created.body.api_key);

    expect((await callJson(adminSide.url, 'DELETE', `/api/admin/agents/apikeys/${created.body.id}`, admin)).status).toBe(200);
    expect(await stream.endsWithin(1000)).toBe(true);
  });

  it("in builtin mode, agent-1's brain leaves a conversation an external agent claimed", async () => {
    const server = await instances.start({ AGENT_MODE: 'builtin' });
    const key = await createAgentKey(server.database.db);
    const guest = { guest: newGuestId() };
    // Not claimed: the built-in brain answers.
    const first = await sendMessage(server.url, guest, { content: 'My React Native app crashes on Android 14 at start' });
    const conversationId: string = first.body.conversation_id;
    await waitForAgentReply(server.url, guest, conversationId, first.body.id);

    const { client } = await connectAgent(server.url, key);
    const claim: any = await client.callTool({ name: 'claim_conversation', arguments: { conversationId } });
    expect(claim.structuredContent).toEqual({ conversation_id: conversationId, claimed_at: expect.any(String) });
    // Claiming again keeps the first claim.
    const again: any = await client.callTool({ name: 'claim_conversation', arguments: { conversationId } });
    expect(again.structuredContent.claimed_at).toBe(claim.structuredContent.claimed_at);

    const second = await sendMessage(server.url, guest, { content: 'It happens on a Pixel 8, after the splash screen', conversationId });
    // The built-in brain answers within a second or two when it answers; give it more.
    await new Promise((resolve) => setTimeout(resolve, 4000));
    const unanswered = (await readMessages(server.url, guest, conversationId)).body as Array<{ id: string }>;
    expect(unanswered.at(-1)).toMatchObject({ id: second.body.id });
    const answer: any = await client.callTool({
      name: 'send_message',
      arguments: { conversationId, content: 'Which React Native version?' },
    });
    expect(answer.isError).toBeFalsy();
    expect(answer.structuredContent).toMatchObject({ conversation_id: conversationId });
    await client.close();
  });
});

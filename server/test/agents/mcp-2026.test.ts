import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { callJson, newGuestId, sendMessage } from '../support/http.ts';
import { signIn } from '../support/sign-in.ts';
import { ADMIN_EMAIL, STAFF_ENV } from '../support/staff.ts';
import { useSharedDatabase } from '../support/test-server.ts';
import { until } from '../support/until.ts';
import { createAgentKey } from '../support/agent-keys.ts';

const WAITING = 'unstuck://conversations/waiting';
const PER_KEY = 2;

/** A v2 SDK client pinned to revision 2026-07-28 on `/mcp`, with the resource updates it hears. */
async function connectModern(url: string, key: string) {
  const client = new Client({ name: 'unstuck-2026-test', version: '1.0.0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${url}/mcp`), { requestInit: { headers: { authorization: `Bearer ${key}` } } }),
  );
  const updates: Array<{ uri: string; at: number }> = [];
  client.setNotificationHandler('notifications/resources/updated', (notification) => {
    updates.push({ uri: notification.params.uri, at: Date.now() });
  });
  return { client, updates };
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('MCP revision 2026-07-28 on /mcp (v2 SDK client, two instances on PostgreSQL)', () => {
  const instances = useSharedDatabase('postgres');

  it('lists tools, reads resources, and hears a guest message sent to another instance within a second on a listen stream', async () => {
    const agentSide = await instances.start({ AGENT_MODE: 'external' });
    const guestSide = await instances.start({ AGENT_MODE: 'external' });
    const key = await createAgentKey(agentSide.database.db);
    const guest = { guest: newGuestId() };
    const sent = await sendMessage(guestSide.url, guest, { content: 'My Shopify checkout loses the discount code' });
    const conversationId: string = sent.body.conversation_id;
    const conversationUri = `unstuck://conversations/${conversationId}`;

    const { client, updates } = await connectModern(agentSide.url, key);
    expect(client.getProtocolEra()).toBe('modern');
    expect(client.getNegotiatedProtocolVersion()).toBe('2026-07-28');
    expect(client.getServerCapabilities()?.resources).toEqual({ subscribe: true });
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual([
      'claim_conversation',
      'list_conversations',
      'read_conversation',
      'send_message',
      'send_proposal',
      'update_task',
    ]);
    const { resources } = await client.listResources();
    expect(resources.map((resource) => resource.uri)).toEqual(expect.arrayContaining([WAITING, conversationUri]));
    const waiting = await client.readResource({ uri: WAITING });
    expect(JSON.parse((waiting.contents[0] as { text: string }).text).conversations.map((c: { id: string }) => c.id)).toContain(
      conversationId,
    );

    // Another agent's conversation is asked for too: nothing of it is ever heard.
    const other = await sendMessage(guestSide.url, { guest: newGuestId() }, { content: 'Somebody else entirely' });
    const otherUri = `unstuck://conversations/${other.body.conversation_id}`;
    const subscription = await client.listen({ resourceSubscriptions: [WAITING, conversationUri, otherUri] });
    expect(subscription.honoredFilter).toEqual({ resourceSubscriptions: [WAITING, conversationUri, otherUri] });
    await client.callTool({ name: 'send_message', arguments: { conversationId, content: 'Which discount app do you use?' } });
    await until(() => updates.some((update) => update.uri === conversationUri), 5000, 'an update on the listen stream');
    await new Promise((resolve) => setTimeout(resolve, 300));
    updates.length = 0;

    const before = Date.now();
    await sendMessage(guestSide.url, guest, { content: 'The built-in one', conversationId });
    await until(
      () => [WAITING, conversationUri].every((uri) => updates.some((update) => update.uri === uri)),
      2000,
      'an update on the listen stream',
    );
    expect(Math.max(...updates.map((update) => update.at - before))).toBeLessThanOrEqual(1000);
    expect(updates.map((update) => update.uri)).not.toContain(otherUri);

    await subscription.close();
    expect(await subscription.closed).toBe('local');
    await client.close();
  });

  it('listen streams count against MCP_SESSIONS_PER_KEY, and revoking the key on another instance ends them', async () => {
    const agentSide = await instances.start({ AGENT_MODE: 'external', MCP_SESSIONS_PER_KEY: String(PER_KEY) });
    const adminSide = await instances.start({ AGENT_MODE: 'external', ...STAFF_ENV });
    const admin = { token: (await signIn(adminSide, { email: ADMIN_EMAIL, name: 'Alice Admin' })).token };
    const created = await callJson(adminSide.url, 'POST', '/api/admin/agents/apikeys', admin, { agentId: 'agent-1', agentName: 'Listen' });
    const { client } = await connectModern(agentSide.url, created.body.api_key);
    const streams = [await client.listen({ resourceSubscriptions: [WAITING] }), await client.listen({ resourceSubscriptions: [WAITING] })];
    await expect(client.listen({ resourceSubscriptions: [WAITING] })).rejects.toThrow(/rate_limited.*MCP sessions open already/);
    // Tools still answer: only streams are counted.
    expect((await client.listTools()).tools.length).toBe(6);

    const revokedAt = Date.now();
    expect((await callJson(adminSide.url, 'DELETE', `/api/admin/agents/apikeys/${created.body.id}`, admin)).status).toBe(200);
    expect(await Promise.all(streams.map((stream) => stream.closed))).toEqual(['graceful', 'graceful']);
    expect(Date.now() - revokedAt).toBeLessThanOrEqual(1000);
    await client.close();
  });
});

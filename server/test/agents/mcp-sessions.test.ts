import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { ResourceUpdatedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { callJson, fetchFor, fetchOn, newGuestId, sendMessage } from '../support/http.ts';
import { openMcpStream } from '../support/mcp-stream.ts';
import { signIn } from '../support/sign-in.ts';
import { ADMIN_EMAIL, STAFF_ENV } from '../support/staff.ts';
import { useTestApp, type TestApp } from '../support/test-app.ts';
import { until } from '../support/until.ts';

const PER_KEY = 3;
const WAITING = 'unstuck://conversations/waiting';

/** An agent on the session transport (its requests through app.inject), with the updates it hears. */
async function connectAgent(server: TestApp, key: string) {
  const client = new Client({ name: 'unstuck-sessions-test', version: '1.0.0' });
  const state = { updates: [] as string[] };
  await client.connect(
    new SSEClientTransport(new URL('http://localhost/mcp_tools/sse'), {
      requestInit: { headers: { 'x-agent-key': key } },
      fetch: fetchFor(server),
    }),
  );
  client.setNotificationHandler(ResourceUpdatedNotificationSchema, (notification) => {
    state.updates.push(notification.params.uri);
  });
  return { client, state };
}

/** A new agent key made through the admin API. @returns the key and its id. */
async function newKey(server: TestApp, admin: { token: string }, agentName: string): Promise<{ key: string; id: string }> {
  const created = await callJson(server, 'POST', '/api/admin/agents/apikeys', admin, { agentId: 'agent-1', agentName, rotate: true });
  expect(created.status).toBe(201);
  return { key: created.body.api_key, id: created.body.id };
}

/** Opens the session transport's stream with `key` and answers its status; a stream that opened is closed. */
async function openStatus(server: TestApp, key: string): Promise<Response> {
  const closing = new AbortController();
  const response = await fetchOn(server, '/mcp_tools/sse', { headers: { 'x-agent-key': key }, signal: closing.signal });
  if (response.status === 200) closing.abort();
  return response;
}

// Through app.inject: how many sessions a key holds is the subject, not the socket.
describe('MCP sessions per agent key (MCP_SESSIONS_PER_KEY)', () => {
  const server = useTestApp({ ...STAFF_ENV, AGENT_MODE: 'external', MCP_SESSIONS_PER_KEY: String(PER_KEY) });
  let admin = { token: '' };

  beforeAll(async () => {
    admin = { token: (await signIn(server, { email: ADMIN_EMAIL, name: 'Alice Admin' })).token };
  });

  it('a key holds at most MCP_SESSIONS_PER_KEY open sessions: the next answers 429 with Retry-After; a closed one frees its place', async () => {
    const { key } = await newKey(server, admin, 'Capped');
    const open = await Promise.all(Array.from({ length: PER_KEY }, () => connectAgent(server, key)));
    const refused = await openStatus(server, key);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.json()).toEqual({ code: 'rate_limited', detail: expect.stringMatching(/3 MCP sessions open already/) });

    // Another key is not held up by this one's sessions.
    const other = await connectAgent(server, (await newKey(server, admin, 'Other')).key);
    await other.client.close();

    await open[0]!.client.close();
    await until(
      async () => {
        return (await openStatus(server, key)).status === 200;
      },
      5000,
      'a place to free',
    );
    await Promise.all(open.slice(1).map(({ client }) => client.close()));
  });

  it('revoking a key ends its open sessions at once; they hear of no change after', async () => {
    const { key, id } = await newKey(server, admin, 'Soon revoked');
    const agent = await connectAgent(server, key);
    await agent.client.subscribeResource({ uri: WAITING });
    await sendMessage(server, { guest: newGuestId() }, { content: 'My Shopify theme breaks on mobile' });
    await until(() => agent.state.updates.includes(WAITING), 5000, 'the first update');
    // A second session, its stream watched to see it end.
    const stream = await openMcpStream(server, key);

    expect((await callJson(server, 'DELETE', `/api/admin/agents/apikeys/${id}`, admin)).status).toBe(200);
    expect(await stream.endsWithin(2000)).toBe(true);
    agent.state.updates.length = 0;
    await sendMessage(server, { guest: newGuestId() }, { content: 'My Wix form sends no email' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(agent.state.updates).toEqual([]);
    expect((await openStatus(server, key)).status).toBe(401);
  });

  it('sessions subscribed to the waiting list share one read of a change, however many there are', async () => {
    /** Statements the app sends for one guest message, until every subscribed session heard of it. */
    const cost = async (agents: Array<Awaited<ReturnType<typeof connectAgent>>>) => {
      for (const agent of agents) agent.state.updates.length = 0;
      const before = server.database.queryCount();
      await sendMessage(server, { guest: newGuestId() }, { content: 'My Airtable automation stopped running' });
      await until(() => agents.every((agent) => agent.state.updates.includes(WAITING)), 5000, 'every session to hear');
      // The second hearing of the change (the NOTIFY after the route's own signal) is read too.
      await new Promise((resolve) => setTimeout(resolve, 200));
      return server.database.queryCount() - before;
    };
    const { key } = await newKey(server, admin, 'Many sessions');
    const one = [await connectAgent(server, key)];
    await one[0]!.client.subscribeResource({ uri: WAITING });
    const withOne = await cost(one);
    const more = await Promise.all([connectAgent(server, key), connectAgent(server, key)]);
    for (const agent of more) await agent.client.subscribeResource({ uri: WAITING });
    const withThree = await cost([...one, ...more]);
    // One statement per session and hearing before (4 more with three sessions); now none (one more
    // when the two hearings of the change fall into two windows).
    expect(withThree - withOne).toBeLessThanOrEqual(1);
    await Promise.all([...one, ...more].map(({ client }) => client.close()));
  });
});

import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { tasks } from '../../src/db/schema.ts';
import { callJson, newGuestId, sendMessage, waitForMessages } from '../support/http.ts';
import { participantIdOf } from '../support/seed.ts';
import { signInStaff, STAFF_ENV } from '../support/staff.ts';
import { useTestServer } from '../support/test-server.ts';

const TOOLS = ['list_conversations', 'read_conversation', 'send_message', 'send_proposal', 'update_task'];

/** Reads server-sent events from a response body, one `{ event, data }` at a time. */
function eventReader(response: Response) {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  const next = async (): Promise<{ event: string; data: string }> => {
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end !== -1) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (block.startsWith(':')) continue;
        const event = /^event: (.*)$/m.exec(block)?.[1] ?? 'message';
        const data = /^data: (.*)$/m.exec(block)?.[1] ?? '';
        return { event, data };
      }
      const { value, done } = await reader.read();
      if (done) throw new Error('stream ended');
      buffer += value;
    }
  };
  return { next, cancel: () => reader.cancel() };
}

const text = (result: any) => JSON.parse(result.content[0].text);

// Agent-1 waits for an agent connected over MCP, so the test's agent answers the guest.
describe('the MCP server for third-party agents', () => {
  const server = useTestServer('pglite', { ...STAFF_ENV, AGENT_MODE: 'external' });
  let admin = { token: '' };
  let key = '';
  let otherKey = '';

  beforeAll(async () => {
    admin = { token: (await signInStaff(server)).admin.token };
    const created = await callJson(server.url, 'POST', '/api/admin/agents/apikeys', admin, {
      agentId: 'agent-1',
      agentName: 'Outside agent-1',
    });
    key = created.body.api_key;
    otherKey = (await callJson(server.url, 'POST', '/api/admin/agents/apikeys', admin, { agentId: 'agent-7', agentName: 'Other' })).body
      .api_key;
  });

  const connectSse = async (agentKey: string) => {
    const client = new Client({ name: 'unstuck-test', version: '1.0.0' });
    await client.connect(
      new SSEClientTransport(new URL(`${server.url}/mcp_tools/sse`), { requestInit: { headers: { 'x-agent-key': agentKey } } }),
    );
    return client;
  };
  const connectHttp = async (agentKey: string) => {
    const client = new Client({ name: 'unstuck-test', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), {
        requestInit: { headers: { authorization: `Bearer ${agentKey}` } },
      }),
    );
    return client;
  };

  it('an agent answers a guest over SSE and proposes over Streamable HTTP; the guest sees both', async () => {
    const guest = { guest: newGuestId() };
    const sent = await sendMessage(server.url, guest, { content: 'I need a booking page for my hair salon, with reminders by SMS' });
    const conversationId: string = sent.body.conversation_id;

    const sse = await connectSse(key);
    expect(sse.getServerVersion()).toMatchObject({ version: '2.0.0' });
    expect((await sse.listTools()).tools.map((t) => t.name).sort()).toEqual(TOOLS);
    const waiting = text(await sse.callTool({ name: 'list_conversations', arguments: {} }));
    // The guest is named by its participant id: its guest id is its credential (decision 024).
    const listed = waiting.find((c: any) => c.id === conversationId);
    expect(listed.owner_id).toBe(await participantIdOf(server.database.db, guest.guest));
    const read = text(await sse.callTool({ name: 'read_conversation', arguments: { conversationId } }));
    expect(read).toMatchObject({ waiting: true, messages: [{ id: sent.body.id, sender_id: listed.owner_id }] });
    const reply = text(
      await sse.callTool({
        name: 'send_message',
        arguments: {
          content: 'Which calendar do you use today?',
          recipientId: listed.owner_id,
          type: 'direct',
          metadata: { conversationId },
        },
      }),
    );
    expect(reply.conversation_id).toBe(conversationId);
    await sse.close();

    const answered = await waitForMessages(server.url, guest, conversationId, (all) => all.some((m) => m.id === reply.id));
    expect(answered.at(-1)).toMatchObject({ sender_id: 'agent-1', sender_role: 'agent', content: 'Which calendar do you use today?' });
    const second = await sendMessage(server.url, guest, { content: 'Google Calendar', conversationId });

    const http = await connectHttp(key);
    expect(http.getServerVersion()).toMatchObject({ version: '2.0.0' });
    expect((await http.listTools()).tools.map((t) => t.name).sort()).toEqual(TOOLS);
    const brief = text(
      await http.callTool({
        name: 'update_task',
        arguments: { conversationId, diagnosis: 'New build', jobSummaryForEngineer: 'Salon booking page' },
      }),
    );
    expect(brief).toMatchObject({ diagnosis: 'New build', jobSummaryForEngineer: 'Salon booking page' });
    const proposal = text(
      await http.callTool({
        name: 'send_proposal',
        arguments: { conversationId, content: 'Here is my estimate: 12 hours. Next steps: we set up the calendar sync and the SMS plan.' },
      }),
    );
    await http.close();

    const withProposal = await waitForMessages(server.url, guest, conversationId, (all) => all.some((m) => m.id === proposal.id));
    expect(withProposal.at(-1)).toMatchObject({
      sender_id: 'agent-1',
      reply_to_message_id: second.body.id,
      metadata: { kind: 'proposal', proposal_status: 'pending' },
    });
    const [task] = await server.database.db.select().from(tasks).where(eq(tasks.conversationId, conversationId));
    expect(task).toMatchObject({
      status: 'PENDING_ACCEPTANCE',
      proposalMessageId: proposal.id,
      proposalStatus: 'pending',
      diagnosis: 'New build',
    });

    const audit = await callJson(server.url, 'GET', '/api/admin/audit-log?limit=50', admin);
    const calls = audit.body.entries.filter((e: any) => e.target_id === conversationId).map((e: any) => [e.action, e.details.transport]);
    expect(calls).toEqual(
      expect.arrayContaining([
        ['agent.read_conversation', 'sse'],
        ['agent.send_message', 'sse'],
        ['agent.update_task', 'streamable-http'],
        ['agent.send_proposal', 'streamable-http'],
      ]),
    );
  });

  it("a key sees only conversations addressed to its agent; another agent's reading is refused", async () => {
    const guest = { guest: newGuestId() };
    const sent = await sendMessage(server.url, guest, { content: 'Help me fix my WordPress site' });
    const other = await connectHttp(otherKey);
    expect(text(await other.callTool({ name: 'list_conversations', arguments: { waitingOnly: false } }))).toEqual([]);
    const refused = await other.callTool({ name: 'read_conversation', arguments: { conversationId: sent.body.conversation_id } });
    expect(refused).toMatchObject({ isError: true, content: [{ text: 'Conversation not found' }] });
    const write = await other.callTool({ name: 'send_message', arguments: { content: 'hi', conversationId: sent.body.conversation_id } });
    expect(write.isError).toBe(true);
    await other.close();
  });

  it('revoked and unknown keys get 401 on both transports; a bad Origin or Host gets 403', async () => {
    const created = await callJson(server.url, 'POST', '/api/admin/agents/apikeys', admin, { agentId: 'agent-1', agentName: 'Revoked' });
    await callJson(server.url, 'DELETE', `/api/admin/agents/apikeys/${created.body.id}`, admin);
    const init = { jsonrpc: '2.0', id: 1, method: 'tools/list' };
    const postMcp = (headers: Record<string, string>) =>
      fetch(`${server.url}/mcp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
        body: JSON.stringify(init),
      });
    expect((await postMcp({ 'x-agent-key': created.body.api_key })).status).toBe(401);
    expect((await postMcp({})).status).toBe(401);
    expect((await fetch(`${server.url}/mcp_tools/sse`, { headers: { 'x-agent-key': created.body.api_key } })).status).toBe(401);
    await expect(connectSse(created.body.api_key)).rejects.toThrow();

    const badOrigin = await postMcp({ 'x-agent-key': key, origin: 'https://evil.example' });
    expect(badOrigin.status).toBe(403);
    expect(await badOrigin.json()).toEqual({ code: 'forbidden', detail: 'Origin not allowed: https://evil.example' });
    expect((await fetch(`${server.url}/mcp_tools/sse`, { headers: { 'x-agent-key': key, origin: 'https://evil.example' } })).status).toBe(
      403,
    );
    const { request } = await import('node:http');
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(`${server.url}/mcp`, { method: 'POST', headers: { host: 'rebound.example', 'x-agent-key': key } }, (res) =>
        resolve(res.statusCode!),
      );
      req.on('error', reject);
      req.end('{}');
    });
    expect(status).toBe(403);
  });

  it("the spec's session transport: endpoint event with session_id, 202 answers, JSON-RPC errors on the stream", async () => {
    const stream = await fetch(`${server.url}/mcp_tools/sse?session_id=my-session-0001`, { headers: { 'x-agent-key': key } });
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toContain('text/event-stream');
    const { next, cancel } = eventReader(stream);
    expect(await next()).toEqual({ event: 'endpoint', data: '/mcp_tools/messages/?session_id=my-session-0001' });
    const post = (body: string, agentKey = key) =>
      fetch(`${server.url}/mcp_tools/messages/?session_id=my-session-0001`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-agent-key': agentKey },
        body,
      });

    expect(
      (
        await post(
          JSON.stringify({
            jsonrpc: '2.0',
            id: 1,
            method: 'initialize',
            params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
          }),
        )
      ).status,
    ).toBe(202);
    expect(JSON.parse((await next()).data)).toMatchObject({ id: 1, result: { serverInfo: { version: '2.0.0' } } });
    await post(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }));

    expect((await post('{not json')).status).toBe(202);
    expect(JSON.parse((await next()).data)).toMatchObject({ id: null, error: { code: -32700 } });
    await post(JSON.stringify({ id: 2, hello: 'world' }));
    expect(JSON.parse((await next()).data)).toMatchObject({ id: 2, error: { code: -32600 } });
    await post(JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'no/such/method' }));
    expect(JSON.parse((await next()).data)).toMatchObject({ id: 3, error: { code: -32601 } });
    await post(
      JSON.stringify({
        jsonrpc: '2.0',
        id: 4,
        method: 'tools/call',
        params: { name: 'read_conversation', arguments: { conversationId: 'x' } },
      }),
    );
    expect(JSON.parse((await next()).data)).toMatchObject({
      id: 4,
      error: { code: -32602, message: expect.stringContaining('conversationId') },
    });
    await post(
      JSON.stringify({
        jsonrpc: '2.0',
        id: 5,
        method: 'tools/call',
        params: { name: 'send_message', arguments: { content: 'x', conversationId: 'not-a-uuid' } },
      }),
    );
    expect(JSON.parse((await next()).data)).toMatchObject({ id: 5, error: { code: -32602 } });

    expect((await post('{}', otherKey)).status).toBe(403);
    expect((await fetch(`${server.url}/mcp_tools/sse?session_id=my-session-0001`, { headers: { 'x-agent-key': key } })).status).toBe(409);
    const unknown = await fetch(`${server.url}/mcp_tools/messages/?session_id=nope-nope-nope`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-agent-key': key },
      body: '{}',
    });
    expect(unknown.status).toBe(404);
    await cancel();
  });

  it('unknown API and tool paths answer a JSON 404, never the app page', async () => {
    for (const path of ['/mcp_tools/other', '/mcp_tools', '/mcpx', '/mcp/extra', '/api/nothing-here']) {
      const response = await fetch(`${server.url}${path}`);
      expect([path, response.status, response.headers.get('content-type')]).toEqual([
        path,
        404,
        expect.stringContaining('application/json'),
      ]);
    }
  });
});

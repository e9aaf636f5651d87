import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { and, eq } from 'drizzle-orm';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { ResourceUpdatedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { messages, tasks } from '../../src/db/schema.ts';
import { createAgentKey } from '../support/agent-keys.ts';
import { databaseKinds } from '../support/databases.ts';
import { callJson, fetchFor, newGuestId, sendMessage, waitForMessages } from '../support/http.ts';
import { participantIdOf } from '../support/seed.ts';
import { signInStaff, STAFF_ENV } from '../support/staff.ts';
import { useTestApp } from '../support/test-app.ts';
import { until } from '../support/until.ts';

const TOOLS = ['claim_conversation', 'list_conversations', 'read_conversation', 'send_message', 'send_proposal', 'update_task'];

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
  // PostgreSQL when there is one: concurrent sends race for real there (PGlite runs one statement at a time).
  // Through app.inject, the SDK's clients included (their fetch is fetchFor's): the protocol and who may
  // call are the subject, not the socket (MCP conformance over HTTP: mcp-conformance.test.ts).
  const server = useTestApp({ ...STAFF_ENV, AGENT_MODE: 'external' }, { kind: databaseKinds.at(-1)! });
  /** The app's origin as its clients name it (loopback: the MCP endpoints accept its Host). */
  const origin = 'http://localhost';
  const send = fetchFor(server);
  let admin = { token: '' };
  let key = '';
  let otherKey = '';

  beforeAll(async () => {
    admin = { token: (await signInStaff(server)).admin.token };
    const created = await callJson(server, 'POST', '/api/admin/agents/apikeys', admin, {
      agentId: 'agent-1',
      agentName: 'Outside agent-1',
    });
    key = created.body.api_key;
    otherKey = await createAgentKey(server.database.db, 'agent-7', 'Other');
  });

  const connectSse = async (agentKey: string) => {
    const client = new Client({ name: 'unstuck-test', version: '1.0.0' });
    await client.connect(
      new SSEClientTransport(new URL(`${origin}/mcp_tools/sse`), { requestInit: { headers: { 'x-agent-key': agentKey } }, fetch: send }),
    );
    return client;
  };
  const connectHttp = async (agentKey: string) => {
    const client = new Client({ name: 'unstuck-test', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${origin}/mcp`), {
        requestInit: { headers: { authorization: `Bearer ${agentKey}` } },
        fetch: send,
      }),
    );
    return client;
  };

  it('an agent answers a guest over SSE and proposes over Streamable HTTP; the guest sees both', async () => {
    const guest = { guest: newGuestId() };
    const sent = await sendMessage(server, guest, { content: 'I need a booking page for my hair salon, with reminders by SMS' });
    const conversationId: string = sent.body.conversation_id;

    const sse = await connectSse(key);
    expect(sse.getServerVersion()).toMatchObject({ version: '2.0.0' });
    expect((await sse.listTools()).tools.map((t) => t.name).sort()).toEqual(TOOLS);
    const waiting = text(await sse.callTool({ name: 'list_conversations', arguments: {} }));
    // The guest is named by its participant id: its guest id is its credential (decision 021).
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

    const answered = await waitForMessages(server, guest, conversationId, (all) => all.some((m) => m.id === reply.id));
    expect(answered.at(-1)).toMatchObject({ sender_id: 'agent-1', sender_role: 'agent', content: 'Which calendar do you use today?' });
    const second = await sendMessage(server, guest, { content: 'Google Calendar', conversationId });

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

    const withProposal = await waitForMessages(server, guest, conversationId, (all) => all.some((m) => m.id === proposal.id));
    expect(withProposal.at(-1)).toMatchObject({
      sender_id: 'agent-1',
      reply_to_message_id: second.body.id,
      metadata: { kind: 'proposal', proposal_status: 'pending', proposal_version: 1 },
    });
    const [task] = await server.database.db.select().from(tasks).where(eq(tasks.conversationId, conversationId));
    expect(task).toMatchObject({
      status: 'PENDING_ACCEPTANCE',
      proposalMessageId: proposal.id,
      proposalStatus: 'pending',
      proposalVersion: 1,
      diagnosis: 'New build',
    });

    const audit = await callJson(server, 'GET', '/api/admin/audit-log?limit=50', admin);
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
    const sent = await sendMessage(server, guest, { content: 'Help me fix my WordPress site' });
    const other = await connectHttp(otherKey);
    expect(text(await other.callTool({ name: 'list_conversations', arguments: { waitingOnly: false } }))).toEqual([]);
    const refused = await other.callTool({ name: 'read_conversation', arguments: { conversationId: sent.body.conversation_id } });
    expect(refused).toMatchObject({ isError: true, content: [{ text: 'Conversation not found' }] });
    const write = await other.callTool({ name: 'send_message', arguments: { content: 'hi', conversationId: sent.body.conversation_id } });
    expect(write.isError).toBe(true);
    await other.close();
  });

  it('revoked and unknown keys get 401 on both transports; a bad Origin or Host gets 403, a loopback Origin on any port passes', async () => {
    const created = await callJson(server, 'POST', '/api/admin/agents/apikeys', admin, {
      agentId: 'agent-1',
      agentName: 'Revoked',
      rotate: true,
    });
    await callJson(server, 'DELETE', `/api/admin/agents/apikeys/${created.body.id}`, admin);
    const init = { jsonrpc: '2.0', id: 1, method: 'tools/list' };
    const postMcp = (headers: Record<string, string>) =>
      send(`${origin}/mcp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
        body: JSON.stringify(init),
      });
    expect((await postMcp({ 'x-agent-key': created.body.api_key })).status).toBe(401);
    expect((await postMcp({})).status).toBe(401);
    expect((await send(`${origin}/mcp_tools/sse`, { headers: { 'x-agent-key': created.body.api_key } })).status).toBe(401);
    await expect(connectSse(created.body.api_key)).rejects.toThrow();

    const badOrigin = await postMcp({ 'x-agent-key': key, origin: 'https://evil.example' });
    expect(badOrigin.status).toBe(403);
    expect(await badOrigin.json()).toEqual({ code: 'forbidden', detail: 'Origin not allowed: https://evil.example' });
    expect((await send(`${origin}/mcp_tools/sse`, { headers: { 'x-agent-key': key, origin: 'https://evil.example' } })).status).toBe(403);
    for (const origin of ['http://127.0.0.1:9', 'http://localhost:51234', 'http://[::1]:3000']) {
      expect([origin, (await postMcp({ 'x-agent-key': key, origin })).status]).toEqual([origin, 200]);
    }
    expect((await postMcp({ 'x-agent-key': key, origin: 'http://127.0.0.1.evil.example:80' })).status).toBe(403);
    // A Host that fetch would not send (DNS rebinding): straight through app.inject.
    const rebound = await server.app.inject({
      method: 'POST',
      url: '/mcp',
      headers: { host: 'rebound.example', 'x-agent-key': key },
      payload: '{}',
    });
    expect(rebound.statusCode).toBe(403);
  });

  it("the spec's session transport: endpoint event with session_id, 202 answers, JSON-RPC errors on the stream", async () => {
    const stream = await send(`${origin}/mcp_tools/sse?session_id=my-session-0001`, { headers: { 'x-agent-key': key } });
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toContain('text/event-stream');
    const { next, cancel } = eventReader(stream);
    expect(await next()).toEqual({ event: 'endpoint', data: '/mcp_tools/messages/?session_id=my-session-0001' });
    const post = (body: string, agentKey = key) =>
      send(`${origin}/mcp_tools/messages/?session_id=my-session-0001`, {
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
    expect((await send(`${origin}/mcp_tools/sse?session_id=my-session-0001`, { headers: { 'x-agent-key': key } })).status).toBe(409);
    const unknown = await send(`${origin}/mcp_tools/messages/?session_id=nope-nope-nope`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-agent-key': key },
      body: '{}',
    });
    expect(unknown.status).toBe(404);
    await cancel();
  });

  it('unknown API and tool paths answer a JSON 404, never the app page', async () => {
    for (const path of ['/mcp_tools/other', '/mcp_tools', '/mcpx', '/mcp/extra', '/api/nothing-here']) {
      const response = await send(`${origin}${path}`);
      expect([path, response.status, response.headers.get('content-type')]).toEqual([
        path,
        404,
        expect.stringContaining('application/json'),
      ]);
    }
  });
  it('two agents answering one waiting message at once store one reply; the other is told it is already answered', async () => {
    const guest = { guest: newGuestId() };
    const sent = await sendMessage(server, guest, { content: 'My Shopify theme breaks on mobile after an update' });
    const conversationId: string = sent.body.conversation_id;
    const [sse, http, third] = await Promise.all([connectSse(key), connectHttp(key), connectHttp(key)]);
    const answer = (client: Client, content: string) =>
      client.callTool({ name: 'send_message', arguments: { conversationId, content } }) as Promise<any>;
    const results = await Promise.all([
      answer(sse, 'Which theme?'),
      answer(http, 'Which theme is it?'),
      answer(third, 'Is it Dawn?'),
      answer(sse, 'What changed?'),
      answer(http, 'When did it start?'),
    ]);
    const stored = results.filter((result) => !result.isError);
    expect(stored).toHaveLength(1);
    for (const refused of results.filter((result) => result.isError)) {
      expect(refused.content[0].text).toMatch(/^Already answered: /);
    }
    const replies = await server.database.db
      .select()
      .from(messages)
      .where(and(eq(messages.conversationId, conversationId), eq(messages.senderId, 'agent-1')));
    expect(replies).toHaveLength(1);
    expect(replies[0]).toMatchObject({ id: stored[0].structuredContent.id, replyToMessageId: sent.body.id });

    // Nothing left to answer: a follow-up is sent only when the agent says so.
    expect(await answer(http, 'One more thing')).toMatchObject({ isError: true });
    const followUp: any = await http.callTool({
      name: 'send_message',
      arguments: { conversationId, content: 'One more thing: a screenshot helps.', followUp: true },
    });
    expect(followUp.isError).toBeFalsy();
    const next = await sendMessage(server, guest, { content: 'It is the Dawn theme', conversationId });
    const nextAnswer: any = await answer(sse, 'Thanks, Dawn it is.');
    expect(nextAnswer.isError).toBeFalsy();
    const [row] = await server.database.db.select().from(messages).where(eq(messages.id, nextAnswer.structuredContent.id));
    expect(row!.replyToMessageId).toBe(next.body.id);
    await Promise.all([sse.close(), http.close(), third.close()]);
  });

  it('every tool lists an outputSchema and answers structuredContent that validates against it, with the JSON as text', async () => {
    const guest = { guest: newGuestId() };
    const sent = await sendMessage(server, guest, { content: 'I want a newsletter sign-up form on my Webflow site' });
    const conversationId: string = sent.body.conversation_id;
    const client = await connectHttp(key);
    const { tools } = await client.listTools();
    const validator = new AjvJsonSchemaValidator();
    const calls: Record<string, Record<string, unknown>> = {
      list_conversations: { limit: 100 },
      read_conversation: { conversationId },
      claim_conversation: { conversationId },
      update_task: { conversationId, diagnosis: 'Embed a form' },
      send_message: { conversationId, content: 'Which email provider do you use?' },
      send_proposal: { conversationId, content: 'Estimate: 2 hours. Next steps: we connect Mailchimp.', followUp: true },
    };
    expect(Object.keys(calls).sort()).toEqual(TOOLS);
    for (const tool of tools) {
      expect(tool.outputSchema).toMatchObject({ type: 'object' });
      const result: any = await client.callTool({ name: tool.name, arguments: calls[tool.name] });
      expect([tool.name, result.isError ?? false]).toEqual([tool.name, false]);
      const check = validator.getValidator(tool.outputSchema as any)(result.structuredContent);
      expect([tool.name, check.valid, check.errorMessage]).toEqual([tool.name, true, undefined]);
      const asText = JSON.parse(result.content[0].text);
      // Older clients read the text: list_conversations keeps its bare array there.
      expect(asText).toEqual(tool.name === 'list_conversations' ? result.structuredContent.conversations : result.structuredContent);
    }
    await client.close();
  });

  it('unknown arguments are refused with -32602, and an error carries the "MCP error" prefix once', async () => {
    const client = await connectHttp(key);
    const refused = client.callTool({ name: 'list_conversations', arguments: { waitingOnly: true, limt: 5 } });
    await expect(refused).rejects.toMatchObject({ code: -32602 });
    const error = await refused.catch((failure: Error) => failure);
    expect((error as Error).message).toMatch(/^MCP error -32602: Invalid arguments for list_conversations: /);
    expect((error as Error).message.match(/MCP error/g)).toHaveLength(1);
    await client.close();
  });

  it('a wrong key gets 401 with WWW-Authenticate: Bearer, invalid_token for any credential, and the way to a key; discovery documents are a JSON 404', async () => {
    for (const headers of [
      {},
      { authorization: 'Bearer unstuck_ak_wrongwrongwrongwrongwrongwrongwrongwrongwro' },
      { authorization: 'Bearer not-an-agent-key' },
      { authorization: 'Basic dXNlcjpwYXNz' },
      { 'x-agent-key': 'nope' },
    ] as Array<Record<string, string>>) {
      const refused = await send(`${origin}/mcp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      });
      expect(refused.status).toBe(401);
      expect(refused.headers.get('www-authenticate')).toMatch(/^Bearer realm="unstuck-agents"/);
      expect(refused.headers.get('www-authenticate')?.includes('error="invalid_token"')).toBe(Object.keys(headers).length > 0);
      const body = (await refused.json()) as { detail: string };
      expect(body).toEqual({ code: 'unauthenticated', detail: expect.stringContaining('agent API key') });
      expect(body.detail).toContain('/docs/mcp-server#key');
      const sse = await send(`${origin}/mcp_tools/sse`, { headers });
      expect([sse.status, sse.headers.get('www-authenticate')]).toEqual([401, expect.stringMatching(/^Bearer /)]);
    }
    for (const path of [
      '/.well-known/oauth-protected-resource',
      '/.well-known/oauth-protected-resource/mcp',
      '/.well-known/oauth-authorization-server',
      '/.well-known/openid-configuration',
    ]) {
      const response = await send(`${origin}${path}`);
      expect([path, response.status, response.headers.get('content-type')]).toEqual([
        path,
        404,
        expect.stringContaining('application/json'),
      ]);
      expect(await response.json()).toMatchObject({ code: 'not_found' });
    }
  });

  it('resources: the waiting list and a conversation can be listed and read on both transports; subscribing is on the session transport', async () => {
    const guest = { guest: newGuestId() };
    const sent = await sendMessage(server, guest, { content: 'Help me set up a custom domain on Vercel' });
    const conversationId: string = sent.body.conversation_id;
    for (const client of [await connectSse(key), await connectHttp(key)]) {
      const { resources } = await client.listResources();
      expect(resources.map((r) => r.uri)).toEqual(
        expect.arrayContaining(['unstuck://conversations/waiting', `unstuck://conversations/${conversationId}`]),
      );
      const waiting = await client.readResource({ uri: 'unstuck://conversations/waiting' });
      expect(JSON.parse((waiting.contents[0] as any).text).conversations.map((c: any) => c.id)).toContain(conversationId);
      const one = await client.readResource({ uri: `unstuck://conversations/${conversationId}` });
      expect(JSON.parse((one.contents[0] as any).text)).toMatchObject({ conversation_id: conversationId, waiting: true });
      const { resourceTemplates } = await client.listResourceTemplates();
      expect(resourceTemplates.map((t) => t.uriTemplate)).toEqual(['unstuck://conversations/{id}']);
      // The 2026-07-28 specification's code, on every revision.
      await expect(client.readResource({ uri: 'unstuck://conversations/00000000-0000-4000-8000-000000000000' })).rejects.toMatchObject({
        code: -32602,
      });
      await client.close();
    }
    const sse = await connectSse(key);
    expect(sse.getServerCapabilities()?.resources).toEqual({ subscribe: true });
    const http = await connectHttp(key);
    expect(http.getServerCapabilities()?.resources).toEqual({});
    await expect(http.subscribeResource({ uri: 'unstuck://conversations/waiting' })).rejects.toMatchObject({ code: -32601 });
    // Another agent cannot subscribe to this conversation.
    const other = await connectSse(otherKey);
    await expect(other.subscribeResource({ uri: `unstuck://conversations/${conversationId}` })).rejects.toMatchObject({ code: -32602 });
    await Promise.all([sse.close(), http.close(), other.close()]);
  });

  it('a subscribed agent hears of a guest message within a second, for the conversation and the waiting list', async () => {
    const guest = { guest: newGuestId() };
    const sent = await sendMessage(server, guest, { content: 'My Django admin is slow with 1M rows' });
    const conversationId: string = sent.body.conversation_id;
    const sse = await connectSse(key);
    const updates: Array<{ uri: string; at: number }> = [];
    sse.setNotificationHandler(ResourceUpdatedNotificationSchema, (notification) => {
      updates.push({ uri: notification.params.uri, at: Date.now() });
    });
    const conversationUri = `unstuck://conversations/${conversationId}`;
    await sse.subscribeResource({ uri: conversationUri });
    await sse.subscribeResource({ uri: 'unstuck://conversations/waiting' });
    await sse.callTool({ name: 'send_message', arguments: { conversationId, content: 'Which database?' } });
    await until(() => updates.some((u) => u.uri === conversationUri), 5000, 'the update of the agent’s own message');
    updates.length = 0;

    const before = Date.now();
    await sendMessage(server, guest, { content: 'PostgreSQL 16', conversationId });
    await until(
      () => ['waiting', conversationId].every((end) => updates.some((u) => u.uri === `unstuck://conversations/${end}`)),
      5000,
      'the updates of the guest message',
    );
    for (const update of updates) expect(update.at - before).toBeLessThanOrEqual(1000);

    // Unsubscribed: no more updates of that conversation (the window's edge: mcp-subscriptions.test.ts).
    await sse.unsubscribeResource({ uri: conversationUri });
    await sse.unsubscribeResource({ uri: 'unstuck://conversations/waiting' });
    updates.length = 0;
    await sse.callTool({ name: 'send_message', arguments: { conversationId, content: 'Thanks' } });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(updates).toEqual([]);
    await sse.close();
  });
});

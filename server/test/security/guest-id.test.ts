import { randomBytes } from 'node:crypto';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { tasks } from '../../src/db/schema.ts';
import { databaseKinds } from '../support/databases.ts';
import { fetchFor, identityHeaders, sendMessage, waitForAgentReply, type Identity } from '../support/http.ts';
import { signInStaff, STAFF_ENV } from '../support/staff.ts';
import { useTestApp } from '../support/test-app.ts';
import { SECURITY_SUITE_ENV } from './suite-env.ts';

/*
 * A guest id (`guest-…`) is a guest's only credential: whoever holds it writes as the guest and takes its
 * conversations over at sign-in. This suite drives every answer someone other than the guest can get
 * about a guest's conversation, and fails if the guest id (or the 6 characters of it the placeholder
 * name used to show) appears anywhere in one, body or headers:
 * - a third-party agent: every MCP tool on the session transport (SSE) and on Streamable HTTP, with the
 *   raw bytes of both streams recorded, and the agent REST call (replying to the guest with the id it
 *   was shown, and refused for the guest id itself);
 * - experts: the queue, the conversation, take, reply, done;
 * - admins: users (and set-expert, refresh, conversations, delete by the id shown), tasks, admin notes,
 *   a conversation's messages and its signed file link, share links, access requests, the audit log
 *   after every kind of entry about the guest (agent calls, share, conversation and user deletion);
 * - the public share page, its file and its access request;
 * - other guests, users and the admin reading the conversation, its events and the debug read.
 * docs/decisions/021-participant-ids.md.
 */

/** What anyone but the guest was answered: `METHOD path → status`, headers and body, or a stream's bytes. */
interface Recorded {
  what: string;
  text: () => string;
}

describe.each(databaseKinds)("a guest's id reaches nobody but the guest on %s", { timeout: 180_000 }, (kind) => {
  // Through app.inject, the MCP transports and event streams included (their fetch is fetchFor's):
  // what the answers carry is the subject, not the socket. Started, as a server is (its email workers).
  const server = useTestApp({ ...SECURITY_SUITE_ENV, ...STAFF_ENV }, { kind, started: true });
  /** The origin the transports' URLs name: app.inject answers for any. */
  const origin = 'http://localhost';

  it('appears in no answer to an agent, an expert, an admin, a share-link holder or another caller', async () => {
    const recorded: Recorded[] = [];
    /** fetch that keeps a copy of everything the server answered, streams included, as it arrives. */
    const recordingFetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
      const response = await fetchFor(server)(input, init);
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      let body = '';
      // What the server said: headers and body (the request line is the test's own, guest id and all).
      const headers = [...response.headers].map(([name, value]) => `${name}: ${value}`).join('\n');
      recorded.push({ what: `${init?.method ?? 'GET'} ${url} → ${response.status}`, text: () => `${headers}\n\n${body}` });
      if (response.body) {
        const reader = response.clone().body!.pipeThrough(new TextDecoderStream()).getReader();
        void (async () => {
          try {
            for (;;) {
              const { value, done } = await reader.read();
              if (done) return;
              body += value;
            }
          } catch {
            // The stream was closed by the client: what came before it is kept.
          }
        })();
      }
      return response;
    };
    const call = async (method: string, path: string, who: Identity | null, body?: unknown, headers: Record<string, string> = {}) => {
      const response = await recordingFetch(`${origin}${path}`, {
        method,
        headers: { ...identityHeaders(who), ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      return { status: response.status, body: text && response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text };
    };
    /** Opens an event stream, records what it says for a moment, and closes it. @returns its status. */
    const follow = async (path: string, who: Identity) => {
      const controller = new AbortController();
      const response = await recordingFetch(`${origin}${path}`, { headers: identityHeaders(who), signal: controller.signal });
      await new Promise((resolve) => setTimeout(resolve, 1000));
      controller.abort();
      return response.status;
    };

    // The guest: a long random id, so that any part of it found in an answer is a leak, not chance.
    const guestId = `guest-${randomBytes(24).toString('hex')}`;
    const guest = { guest: guestId };
    const sent = await sendMessage(
      server,
      guest,
      { content: 'My Django admin sends me back to the login page; the log is attached' },
      { name: 'login.log', type: 'text/plain', data: new TextEncoder().encode('302 /admin/login/?next=/admin/') },
    );
    expect(sent.status).toBe(200);
    const conversationId: string = sent.body.conversation_id;
    await waitForAgentReply(server, guest, conversationId, sent.body.id);

    const { admin, user, expert } = await signInStaff(server);
    const asAdmin = { token: admin.token };
    const asExpert = { token: expert.token };
    const key = (await call('POST', '/api/admin/agents/apikeys', asAdmin, { agentId: 'agent-1', agentName: 'Outside agent-1' })).body
      .api_key as string;

    // A third-party agent on both MCP transports, every tool.
    const agentSession = async (transport: Transport) => {
      const client = new Client({ name: 'guest-id-test', version: '1.0.0' });
      await client.connect(transport);
      const tool = async (name: string, args: Record<string, unknown>) => {
        const result = await client.callTool({ name, arguments: args });
        recorded.push({ what: `MCP ${name} result`, text: () => JSON.stringify(result) });
        return result as { isError?: boolean; content: Array<{ text: string }> };
      };
      await client.listTools();
      const listed = JSON.parse((await tool('list_conversations', { waitingOnly: false })).content[0]!.text) as Array<{
        id: string;
        owner_id: string;
      }>;
      const mine = listed.find((conversation) => conversation.id === conversationId)!;
      expect.soft(mine.owner_id).toMatch(/^participant-/);
      await tool('read_conversation', { conversationId });
      // Replying to the person by the id the agent was shown (agent-1 answered already: a follow-up).
      const reply = await tool('send_message', {
        content: 'Does it happen in a private window?',
        recipientId: mine.owner_id,
        followUp: true,
      });
      expect(reply.isError).toBeFalsy();
      expect(JSON.parse(reply.content[0]!.text)).toMatchObject({ conversation_id: conversationId });
      // The guest id itself names nobody an agent may write to.
      const refused = await tool('send_message', { content: 'Hello', recipientId: guestId, followUp: true });
      expect.soft(refused.isError).toBe(true);
      await tool('update_task', { conversationId, diagnosis: 'CSRF cookie not secure behind the proxy' });
      await tool('send_proposal', {
        conversationId,
        content: 'Estimate: 3 hours. Next steps: set SECURE_PROXY_SSL_HEADER.',
        followUp: true,
      });
      await tool('read_conversation', { conversationId });
      await client.close();
      return mine.owner_id;
    };
    const agentHeaders = { 'x-agent-key': key };
    const participantId = await agentSession(
      new SSEClientTransport(new URL(`${origin}/mcp_tools/sse`), { requestInit: { headers: agentHeaders }, fetch: recordingFetch }),
    );
    expect(
      await agentSession(
        new StreamableHTTPClientTransport(new URL(`${origin}/mcp`), { requestInit: { headers: agentHeaders }, fetch: recordingFetch }),
      ),
    ).toBe(participantId);
    // The agent REST call, by the person's id as shown and by the conversation; the guest id is refused.
    expect(
      (
        await call(
          'POST',
          '/api/messages',
          null,
          { content: 'Which Django version?', recipientId: participantId, followUp: true },
          agentHeaders,
        )
      ).status,
    ).toBe(201);
    expect(
      (await call('POST', '/api/messages', null, { content: 'And nginx?', conversationId, followUp: true }, agentHeaders)).status,
    ).toBe(201);
    expect
      .soft((await call('POST', '/api/messages', null, { content: 'Hello', recipientId: guestId, followUp: true }, agentHeaders)).status)
      .toBe(400);
    expect(
      (
        await call(
          'POST',
          '/api/messages',
          null,
          { content: 'Hello', recipientId: 'someone-else', conversationId, followUp: true },
          agentHeaders,
        )
      ).status,
    ).toBe(400);

    // Accepting needs a sign-in, which hands the guest over: no guest's task reaches the experts through
    // the API today. Put it there, so that a later change cannot leak the id through the expert views.
    const [task] = await server.database.db.select().from(tasks).where(eq(tasks.conversationId, conversationId));
    await server.database.db
      .update(tasks)
      .set({ status: 'ACCEPTED', endUserAcceptedTask: true, proposalStatus: 'accepted', proposalAcceptedAt: new Date() })
      .where(eq(tasks.id, task!.id));

    // Experts: the workspace, the brief, and once taken the conversation, its event stream, the
    // status changes and their event lines (decision 069); the admin reassigns it and back.
    await call('GET', '/api/expert/tasks', asExpert);
    await call('GET', `/api/expert/tasks/${task!.id}`, asExpert);
    await call('GET', `/api/expert/tasks/${task!.id}/messages`, asExpert);
    expect((await call('POST', `/api/expert/tasks/${task!.id}/take`, asExpert)).status).toBe(200);
    // The guest writes to the expert after acceptance (routed to the expert, not agent-1).
    expect((await sendMessage(server, guest, { content: 'Anything you need?', conversationId })).status).toBe(200);
    expect((await call('POST', `/api/expert/tasks/${task!.id}/messages`, asExpert, { content: 'I am on it.' })).status).toBe(201);
    await call('GET', `/api/expert/tasks/${task!.id}`, asExpert);
    await call('GET', `/api/expert/tasks/${task!.id}/messages`, asExpert);
    expect(await follow(`/api/v2/conversations/${conversationId}/events`, asExpert)).toBe(200);
    expect(await follow(`/api/v2/conversations/${conversationId}/events`, asAdmin)).toBe(200);
    await call('POST', `/api/expert/tasks/${task!.id}/status`, asExpert, { status: 'WAITING_ON_CUSTOMER' });
    await call('GET', '/api/expert/tasks', asExpert);
    expect((await call('POST', `/api/admin/tasks/${task!.id}/assign`, asAdmin, { expertId: admin.user.uid })).status).toBe(200);
    expect((await call('POST', `/api/admin/tasks/${task!.id}/assign`, asAdmin, { expertId: expert.user.uid })).status).toBe(200);
    await call('POST', `/api/expert/tasks/${task!.id}/done`, asExpert);
    await call('GET', `/api/expert/tasks/${task!.id}`, asAdmin);
    await call('GET', '/api/admin/ratings', asAdmin);

    // Admins, by the id the users list shows.
    const users = (await call('GET', '/api/admin/users', asAdmin)).body as Array<{ uid: string; isGuest: boolean }>;
    expect(users.find((listed) => listed.uid === participantId)?.isGuest).toBe(true);
    await call('GET', '/api/v2/tasks', asAdmin);
    await call('PATCH', `/api/admin/tasks/${task!.id}`, asAdmin, { adminNotes: 'Customer in a hurry' });
    expect((await call('GET', `/api/admin/users/${participantId}/conversations`, asAdmin)).status).toBe(200);
    expect.soft((await call('GET', `/api/admin/users/${guestId}/conversations`, asAdmin)).status).toBe(404);
    expect((await call('POST', '/api/admin/users/set-expert', asAdmin, { userId: participantId, isExpert: true })).status).toBe(400);
    expect((await call('POST', `/api/admin/users/${participantId}/refresh-dev-data`, asAdmin)).status).toBe(400);
    const staffView = (await call('GET', `/api/admin/conversations/${conversationId}/messages`, asAdmin)).body as {
      messages: Array<{ attachments: Array<{ url: string }> }>;
    };
    const signedFile = staffView.messages.flatMap((message) => message.attachments)[0]!.url;
    await call('GET', new URL(signedFile, origin).pathname + new URL(signedFile, origin).search, null);
    const share = (await call('POST', `/api/admin/tasks/${task!.id}/share`, asAdmin, {})).body as { share_token: string };
    await call('GET', `/api/admin/tasks/${task!.id}/shares`, asAdmin);

    // The share page, its file and its access request.
    await call('GET', `/api/task-share/${share.share_token}`, null);
    await call('GET', `/api/task-share/${share.share_token}/files/0`, null);
    await call('POST', `/api/task-share/${share.share_token}/request-access`, null, {
      name: 'Reader',
      email: 'reader@example.com',
      message: 'May I see it?',
    });
    await call('GET', '/api/admin/access-requests', asAdmin);
    await call('GET', '/api/admin/audit-log?limit=200', asAdmin);

    // Everyone else who asks for the conversation itself.
    for (const stranger of [{ guest: `guest-${randomBytes(12).toString('hex')}` }, { token: user.token }, asAdmin, null]) {
      await call('GET', `/api/v2/conversations/${conversationId}/messages`, stranger);
      await call('GET', `/api/conversations/${conversationId}/messages`, stranger);
      if (stranger !== asAdmin) await call('GET', `/api/v2/conversations/${conversationId}/events`, stranger);
      await call('GET', `/api/v2/conversations/${conversationId}/task`, stranger);
      await call('POST', '/api/v2/messages', stranger, { content: 'hi', recipientId: 'agent-1', conversationId });
    }

    // Deletions write audit entries about the guest's conversation and the guest.
    expect((await call('DELETE', `/api/admin/conversations/${conversationId}`, asAdmin)).status).toBe(200);
    expect((await call('DELETE', `/api/admin/users/${participantId}`, asAdmin)).status).toBe(200);
    await call('GET', '/api/admin/audit-log?limit=200', asAdmin);

    // Streams end when their clients closed; give the last bytes a moment to be read.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(recorded.length).toBeGreaterThan(40);
    const secret = guestId.slice('guest-'.length);
    const leaks = recorded
      .filter(({ text }) => text().includes(secret) || text().includes(`Guest ${secret.slice(0, 6)}`))
      .map(({ what }) => what);
    expect(leaks, 'answers that carry the guest id').toEqual([]);
    // The recording saw the streams: the agent's tool results crossed them.
    expect(
      recorded.some(({ what, text }) => what.includes('/mcp_tools/sse') && text().includes('Does it happen in a private window?')),
    ).toBe(true);
  });
});

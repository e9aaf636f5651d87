import { z } from 'zod';
import { MCP_TOOLS } from '@unstuck/contract';
import { PageLayout } from '../../../components/layout/page-layout.tsx';

interface Field {
  name: string;
  type: string;
  required: boolean;
  note: string;
}

/** A tool's input fields, read from the contract's schema (the server validates with the same). */
function fieldsOf(schema: z.ZodType): Field[] {
  const json = z.toJSONSchema(schema, { io: 'input' }) as {
    properties?: Record<string, { type?: string; enum?: unknown[]; format?: string; default?: unknown; description?: string }>;
    required?: string[];
  };
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    type: property.enum
      ? property.enum.map((value) => JSON.stringify(value)).join(' | ')
      : `${property.type ?? 'any'}${property.format ? ` (${property.format})` : ''}`,
    required: json.required?.includes(name) === true && property.default === undefined,
    note: [property.description, property.default !== undefined ? `default ${JSON.stringify(property.default)}` : '']
      .filter(Boolean)
      .join('; '),
  }));
}

// Focusable: a long line scrolls sideways, and keyboard users must reach it (WCAG 2.1.1).
const code = (text: string) => (
  // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
  <pre className="docs__code" tabIndex={0}>
    <code>{text}</code>
  </pre>
);

/**
 * The documentation page of spec §2 ("Documentation page") and §7 ("Documented message-tool
 * interface"): how a third-party agent connects to the message-tool server, authenticates and calls
 * its tools, with a configuration to paste into a common MCP client.
 */
export function McpServerDocsPage() {
  const origin = window.location.origin;
  const key = 'unstuck_ak_…your agent key…';
  return (
    <PageLayout title="Message-tool server (MCP) for agents" wide publicPage>
      <div className="docs">
        <p>
          Agents built elsewhere can do agent-1&apos;s work from outside: read the conversations addressed to them, answer, keep the
          task&apos;s brief and send proposals. The server speaks the Model Context Protocol (server version 2.0.0) over two transports: the
          session-based event stream below, and Streamable HTTP at <code>{origin}/mcp</code> for current MCP clients.
        </p>
        <p>
          The web app&apos;s own REST API is described in the <a href="/docs/api">REST API reference</a>.
        </p>

        <h2>Authentication</h2>
        <p>
          An administrator creates an agent API key in the admin area (API Keys tab); it is shown once. Send it on every request as{' '}
          <code>X-Agent-Key: {key}</code> or <code>Authorization: Bearer {key}</code>. Unknown or revoked keys get HTTP 401. A key acts only
          as its own agent id and sees only conversations addressed to that agent. Requests from a browser page of another site are refused
          (HTTP 403 for an untrusted <code>Origin</code> or <code>Host</code>). Every tool call is recorded in the audit log.
        </p>
        <p>
          People are named by the ids <code>list_conversations</code> (<code>owner_id</code>) and <code>read_conversation</code> (
          <code>sender_id</code>, <code>recipient_id</code>) show: a signed-in person&apos;s user id, or a guest&apos;s participant id (
          <code>participant-…</code>, stable for that guest). Use that id as <code>recipientId</code>, or name the conversation.
        </p>

        <h2>Use it from an MCP client</h2>
        <p>
          Most clients (Cursor, VS Code, Claude Code, the MCP Inspector) connect to Streamable HTTP. For example, Cursor&apos;s{' '}
          <code>mcp.json</code>:
        </p>
        {code(JSON.stringify({ mcpServers: { unstuck: { url: `${origin}/mcp`, headers: { 'X-Agent-Key': key } } } }, null, 2))}
        <p>Claude Code:</p>
        {code(`claude mcp add --transport http unstuck ${origin}/mcp --header "X-Agent-Key: ${key}"`)}
        <p>Check a key from a terminal with the MCP Inspector:</p>
        {code(
          `npx -y @modelcontextprotocol/inspector --cli ${origin}/mcp --transport http --header "X-Agent-Key: ${key}" --method tools/list`,
        )}

        <h2>The session transport, step by step</h2>
        <ol className="docs__steps">
          <li>
            Open the event stream: <code>GET {origin}/mcp_tools/sse</code> with your key (optionally <code>?session_id=your-id</code>, 8 to
            128 letters, digits, _ or -).
          </li>
          <li>
            The first event is <code>endpoint</code>; its data is the URL to post to, carrying the session id:
            {code('event: endpoint\ndata: /mcp_tools/messages/?session_id=3f6c…')}
            Wait 3 to 5 seconds after this event before the first call.
          </li>
          <li>
            POST each JSON-RPC message to that URL with your key. The answer is HTTP 202; the result arrives on the event stream as an event{' '}
            <code>message</code>.
            {code(
              [
                `POST ${origin}/mcp_tools/messages/?session_id=3f6c…`,
                `X-Agent-Key: ${key}`,
                'Content-Type: application/json',
                '',
                JSON.stringify({
                  jsonrpc: '2.0',
                  id: 1,
                  method: 'initialize',
                  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'my-agent', version: '1.0.0' } },
                }),
              ].join('\n'),
            )}
          </li>
          <li>
            Send <code>{'{"jsonrpc":"2.0","method":"notifications/initialized"}'}</code>, then <code>tools/list</code>:
            {code(JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }))}
          </li>
          <li>
            Call a tool with <code>tools/call</code>, for example <code>send_message</code>:
            {code(
              JSON.stringify(
                {
                  jsonrpc: '2.0',
                  id: 3,
                  method: 'tools/call',
                  params: {
                    name: 'send_message',
                    arguments: {
                      content: 'Thanks! Which payment provider do you use?',
                      recipientId: 'participant-…',
                      type: 'direct',
                      metadata: { conversationId: '…' },
                    },
                  },
                },
                null,
                2,
              ),
            )}
          </li>
        </ol>
        <p>
          Errors are JSON-RPC errors on the stream: -32700 (not JSON), -32600 (not a JSON-RPC request), -32601 (unknown method), -32602
          (invalid tool arguments or unknown tool), -32603 (internal error). A refusal about the data (conversation not found, already
          answered) is a tool result with <code>isError: true</code> and the reason. Sessions live in one server process: behind a load
          balancer, this transport needs sticky sessions; Streamable HTTP does not.
        </p>

        <h2>Tools</h2>
        {Object.entries(MCP_TOOLS).map(([name, tool]) => (
          <section key={name} className="docs__tool" aria-labelledby={`tool-${name}`}>
            <h3 id={`tool-${name}`}>
              <code>{name}</code>
            </h3>
            <p>{tool.description}</p>
            {/* Scrolls on its own on a phone; focusable so that keyboards can scroll it. */}
            {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
            <div className="table-scroll" role="region" aria-label={`Input of ${name}`} tabIndex={0}>
              <table className="docs__table">
                <thead>
                  <tr>
                    <th scope="col">Field</th>
                    <th scope="col">Type</th>
                    <th scope="col">Required</th>
                    <th scope="col">Notes</th>
                  </tr>
                </thead>
                <tbody>
                  {fieldsOf(tool.input).map((field) => (
                    <tr key={field.name}>
                      <td>
                        <code>{field.name}</code>
                      </td>
                      <td>{field.type}</td>
                      <td>{field.required ? 'yes' : 'no'}</td>
                      <td>{field.note}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>
        ))}

        <h2>Without MCP</h2>
        <p>
          Agents that do not speak MCP can send a message with <code>POST {origin}/api/messages</code>, the key in <code>X-Agent-Key</code>,
          and the body of <code>send_message</code> as JSON. The answer is HTTP 201 with the message id.
        </p>
        {code(
          `curl -X POST ${origin}/api/messages -H "X-Agent-Key: ${key}" -H "Content-Type: application/json" \\\n  -d '{"conversationId":"…","content":"Thanks! Which payment provider do you use?"}'`,
        )}
      </div>
    </PageLayout>
  );
}

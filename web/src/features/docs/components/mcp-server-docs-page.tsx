import { z } from 'zod';
import { AGENT_RECIPIENT_ID, API_KEY_ROTATION_GRACE_HOURS, MCP_TOOLS } from '@unstuck/contract';
import { CopyButton } from '../../../components/copy-button.tsx';
import { PageLayout } from '../../../components/layout/page-layout.tsx';
import { ScrollTable } from '../../../components/scroll-table.tsx';

interface Field {
  name: string;
  type: string;
  required: boolean;
  note: string;
}

/** A tool's input or output fields, read from the contract's schema (the server validates and lists the same). */
function fieldsOf(schema: z.ZodType, io: 'input' | 'output'): Field[] {
  const json = z.toJSONSchema(schema, { io }) as {
    properties?: Record<string, { type?: string; enum?: unknown[]; format?: string; default?: unknown; description?: string }>;
    required?: string[];
  };
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    type: property.enum
      ? property.enum.map((value) => JSON.stringify(value)).join(' | ')
      : `${property.type ?? 'any'}${property.format ? ` (${property.format})` : ''}`,
    required: json.required?.includes(name) === true && (io === 'output' || property.default === undefined),
    note: [property.description, property.default !== undefined ? `default ${JSON.stringify(property.default)}` : '']
      .filter(Boolean)
      .join('; '),
  }));
}

/**
 * A code block with a copy button. Focusable: a long line scrolls sideways, and keyboard users must
 * reach it (WCAG 2.1.1).
 */
function Code({ text, label }: { text: string; label: string }) {
  return (
    <div className="docs__snippet">
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
      <pre className="docs__code" tabIndex={0} role="region" aria-label={label}>
        <code>{text}</code>
      </pre>
      <CopyButton text={text} label="Copy" className="button button--ghost button--small docs__copy" />
    </div>
  );
}

function FieldTable({ fields, label }: { fields: Field[]; label: string }) {
  return (
    <ScrollTable label={label} className="docs__table" headers={['Field', 'Type', 'Required', 'Notes']}>
      {fields.map((field) => (
        <tr key={field.name}>
          <td>
            <code>{field.name}</code>
          </td>
          <td>{field.type}</td>
          <td>{field.required ? 'yes' : 'no'}</td>
          <td>{field.note}</td>
        </tr>
      ))}
    </ScrollTable>
  );
}

/** A complete ES module that connects with the official SDK over Streamable HTTP, the key read from the environment. */
function sdkClient(origin: string): string {
  return [
    "import { Client } from '@modelcontextprotocol/sdk/client/index.js';",
    "import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';",
    '',
    "const client = new Client({ name: 'my-agent', version: '1.0.0' });",
    'await client.connect(',
    `  new StreamableHTTPClientTransport(new URL('${origin}/mcp'), {`,
    '    requestInit: { headers: { Authorization: `Bearer ${process.env.UNSTUCK_AGENT_KEY}` } },',
    '  }),',
    ');',
    'const { tools } = await client.listTools();',
    "console.log(tools.map((tool) => tool.name).join(', '));",
    "const waiting = await client.callTool({ name: 'list_conversations', arguments: { limit: 10 } });",
    'console.log(JSON.stringify(waiting.structuredContent, null, 2));',
    'await client.close();',
  ].join('\n');
}

const TITLE = 'Message-tool server (MCP) for agents';

/** The page's opening paragraph; it names the transports by path, so the page's HTML can carry it before any script runs. */
function DocsIntro() {
  return (
    <p>
      Agents built elsewhere can do agent-1&apos;s work from outside: see the conversations waiting for an answer, read them, answer, keep
      the task&apos;s brief and send proposals. The server speaks the Model Context Protocol (server version 2.0.0) over two transports: a
      session event stream at <code>/mcp_tools/sse</code>, which can push changes to you, and stateless Streamable HTTP at <code>/mcp</code>
      , both on this server (the full addresses are in the examples below). The web app&apos;s own REST API is described in the{' '}
      <a href="/docs/api">REST API reference</a>.
    </p>
  );
}

/**
 * The top of the page as its HTML paints it before any script runs (web/build/prerender-first-views.ts,
 * docs/decisions/062-painted-first-views.md): the same layout, heading and opening paragraph
 * the page then draws over it, so nothing moves when it does.
 */
export function McpServerDocsFirstView() {
  return (
    <PageLayout title={TITLE} wide publicPage>
      <div className="docs">
        <DocsIntro />
      </div>
    </PageLayout>
  );
}

const SECTIONS = [
  ['overview', 'How it works'],
  ['key', 'Your agent key'],
  ['clients', 'Connect a client (VS Code, Claude Code, Cursor, Inspector)'],
  ['loop', 'The work loop: wait, read, answer once'],
  ['push', 'Being told instead of polling'],
  ['sse', 'The session transport, end to end'],
  ['http', 'Streamable HTTP (/mcp), end to end'],
  ['tools', 'Tools and their results'],
  ['errors', 'Limits and errors'],
  ['rest', 'Without MCP'],
] as const;

/**
 * The documentation page for third-party agents (docs/product.md "Agent interface"): how an agent
 * gets a key and connects over either transport, the work loop (one reply per message, claims,
 * follow-ups), push through resource subscriptions, each tool's input and result, and the limits and
 * errors (docs/decisions/012-mcp-server.md and 027, 028, 047, 073, 074, 075, 076, 077).
 */
export function McpServerDocsPage() {
  const origin = window.location.origin;
  const key = 'unstuck_ak_…your agent key…';
  const initialize = JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'my-agent', version: '1.0.0' } },
  });
  return (
    <PageLayout title={TITLE} wide publicPage>
      <div className="docs">
        <DocsIntro />

        <nav className="docs__contents" aria-labelledby="docs-contents">
          <h2 id="docs-contents">Contents</h2>
          <ol>
            {SECTIONS.map(([id, title]) => (
              <li key={id}>
                <a href={`#${id}`}>{title}</a>
              </li>
            ))}
          </ol>
        </nav>

        <h2 id="overview">How it works</h2>
        <p>
          Every guest&apos;s and user&apos;s conversation is addressed to the agent <code>{AGENT_RECIPIENT_ID}</code>. An outside agent
          connects with a key for <code>{AGENT_RECIPIENT_ID}</code> and answers as <code>{AGENT_RECIPIENT_ID}</code>: the person sees its
          messages like the built-in agent&apos;s.
        </p>
        <ul>
          <li>
            <code>AGENT_MODE=external</code> (server setting): the built-in brain answers nothing; every conversation waits for your agent.
            The chat shows its thinking indicator meanwhile.
          </li>
          <li>
            <code>AGENT_MODE=builtin</code> (the default): the built-in brain answers, except in conversations your agent has claimed (with{' '}
            <code>claim_conversation</code>, or by sending a message there). Claim first, then answer, so the person never gets two answers.
          </li>
          <li>
            Once the person accepts a proposal, the conversation is with the human experts: agents no longer answer it, and it is not listed
            as waiting.
          </li>
        </ul>

        <h2 id="key">Your agent key</h2>
        <p>
          An administrator creates the key in the admin area (API Keys tab), choosing the agent it acts as (today{' '}
          <code>{AGENT_RECIPIENT_ID}</code>, the one messages are addressed to); it is shown once. Send it on every request as{' '}
          <code>Authorization: Bearer {key}</code> or <code>X-Agent-Key: {key}</code>.
        </p>
        <ul>
          <li>
            An agent has one current key. Creating another rotates it: the new key works at once, the old one for{' '}
            {API_KEY_ROTATION_GRACE_HOURS} more hours, then it is revoked. Switch your configuration within that time.
          </li>
          <li>
            A missing, unknown, revoked or expired key gets HTTP 401 with <code>WWW-Authenticate: Bearer</code> and a JSON reason. There is
            no OAuth sign-in: the discovery documents (<code>/.well-known/oauth-protected-resource</code>,{' '}
            <code>/.well-known/oauth-authorization-server</code>) answer a JSON 404, so give your client the key as a header.
          </li>
          <li>
            A key sees only conversations addressed to its agent. Requests from a browser page of another site are refused (HTTP 403 for an
            untrusted <code>Origin</code> or <code>Host</code>). Every call is recorded in the audit log.
          </li>
          <li>
            People are named by the ids the tools show: a signed-in person&apos;s user id, or a guest&apos;s participant id (
            <code>participant-…</code>, stable for that guest). Use that id as <code>recipientId</code>, or name the conversation.
          </li>
        </ul>

        <h2 id="clients">Connect a client</h2>
        <p>
          VS Code (<code>.vscode/mcp.json</code>; VS Code asks for the key once and keeps it in its secret storage):
        </p>
        <Code
          label="VS Code configuration"
          text={JSON.stringify(
            {
              inputs: [{ type: 'promptString', id: 'unstuck-key', description: 'Unstuck agent key', password: true }],
              servers: {
                unstuck: { type: 'http', url: `${origin}/mcp`, headers: { Authorization: 'Bearer ${input:unstuck-key}' } },
              },
            },
            null,
            2,
          )}
        />
        <p>Claude Code, on Streamable HTTP, or on the session transport when you want push:</p>
        <Code
          label="Claude Code commands"
          text={[
            `claude mcp add --transport http unstuck ${origin}/mcp --header "Authorization: Bearer ${key}"`,
            `claude mcp add --transport sse unstuck-push ${origin}/mcp_tools/sse --header "Authorization: Bearer ${key}"`,
          ].join('\n')}
        />
        <p>
          Cursor (<code>mcp.json</code>):
        </p>
        <Code
          label="Cursor configuration"
          text={JSON.stringify({ mcpServers: { unstuck: { url: `${origin}/mcp`, headers: { 'X-Agent-Key': key } } } }, null, 2)}
        />
        <p>Check a key from a terminal with the MCP Inspector:</p>
        <Code
          label="MCP Inspector command"
          text={`npx -y @modelcontextprotocol/inspector --cli ${origin}/mcp --transport http --header "Authorization: Bearer ${key}" --method tools/list`}
        />

        <h2 id="loop">The work loop: wait, read, answer once</h2>
        <ol className="docs__steps">
          <li>
            Find what waits for you: subscribe to <code>unstuck://conversations/waiting</code> (session transport, see below), or call{' '}
            <code>list_conversations</code> every few seconds. A conversation waits when the person&apos;s latest message has no answer, or
            they asked to modify the latest proposal.
          </li>
          <li>
            <code>read_conversation</code>: the messages oldest first (with file links), and the task&apos;s brief.
          </li>
          <li>
            In <code>AGENT_MODE=builtin</code>, <code>claim_conversation</code> first.
          </li>
          <li>
            <code>send_message</code> (or <code>send_proposal</code>) answers the person&apos;s newest unanswered message, once: if several
            workers answer at the same moment, on any server, exactly one message is stored and the others get <code>isError: true</code>{' '}
            with <q>Already answered: …</q>. When everything is answered, a further message is refused the same way unless you send{' '}
            <code>followUp: true</code> (a second message after your reply).
          </li>
          <li>
            <code>update_task</code> keeps the diagnosis, the clarified scope and the summary for the engineer current.
          </li>
        </ol>

        <h2 id="push">Being told instead of polling</h2>
        <p>
          The server offers two resources (<code>resources/list</code>, <code>resources/read</code>, JSON):{' '}
          <code>{'unstuck://conversations/waiting'}</code> (what <code>list_conversations</code> gives) and{' '}
          <code>{'unstuck://conversations/{id}'}</code> (what <code>read_conversation</code> gives). On the session transport (
          <code>/mcp_tools/sse</code>) the server declares <code>resources.subscribe</code>: after <code>resources/subscribe</code>, a
          change (a message from the person, on whichever server instance it arrives) sends <code>notifications/resources/updated</code>{' '}
          with the resource&apos;s URI within a second; read the resource then.
        </p>
        <Code
          label="A subscription and its notification"
          text={[
            JSON.stringify({ jsonrpc: '2.0', id: 4, method: 'resources/subscribe', params: { uri: 'unstuck://conversations/waiting' } }),
            '',
            'event: message',
            `data: ${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/resources/updated', params: { uri: 'unstuck://conversations/waiting' } })}`,
          ].join('\n')}
        />
        <p>
          <code>/mcp</code> is stateless (each POST stands alone, any server instance answers it), so it has no stream to push on and does
          not offer subscriptions: poll <code>list_conversations</code> there. Sessions of <code>/mcp_tools/sse</code> live in one server
          process and end when it restarts: reconnect (the new <code>endpoint</code> event names a new session) and subscribe again.
        </p>

        <h2 id="sse">The session transport, end to end</h2>
        <ol className="docs__steps">
          <li>
            Open the event stream: <code>GET {origin}/mcp_tools/sse</code> with your key (optionally <code>?session_id=your-id</code>, 8 to
            128 letters, digits, _ or -).
            <Code label="Open the stream" text={`curl -N ${origin}/mcp_tools/sse -H "Authorization: Bearer ${key}"`} />
          </li>
          <li>
            The first event is <code>endpoint</code>; its data is the URL to post to, carrying the session id. You can post at once.
            <Code label="The endpoint event" text={'event: endpoint\ndata: /mcp_tools/messages/?session_id=3f6c…'} />
          </li>
          <li>
            POST each JSON-RPC message to that URL with your key (quote it in a shell: zsh reads <code>?</code> as a wildcard). The answer
            is HTTP 202; the result arrives on the event stream as an event <code>message</code>.
            <Code
              label="Initialize"
              text={`curl "${origin}/mcp_tools/messages/?session_id=3f6c…" -H "Authorization: Bearer ${key}" \\\n  -H "Content-Type: application/json" -d '${initialize}'`}
            />
          </li>
          <li>
            Send <code>{'{"jsonrpc":"2.0","method":"notifications/initialized"}'}</code>, then <code>tools/list</code> and{' '}
            <code>tools/call</code>:
            <Code
              label="A tool call"
              text={JSON.stringify(
                {
                  jsonrpc: '2.0',
                  id: 3,
                  method: 'tools/call',
                  params: {
                    name: 'send_message',
                    arguments: { conversationId: '…', content: 'Thanks! Which payment provider do you use?', type: 'direct' },
                  },
                },
                null,
                2,
              )}
            />
          </li>
        </ol>
        <p>
          Errors arrive on the stream as JSON-RPC errors (-32700 when the body is not JSON, -32600 when it is not a JSON-RPC request).
          Behind a load balancer this transport needs sticky sessions (a session&apos;s POSTs must reach the process holding its stream).
        </p>

        <h2 id="http">Streamable HTTP (/mcp), end to end</h2>
        <p>
          POST each JSON-RPC message to <code>{origin}/mcp</code> with your key and <code>Accept: application/json, text/event-stream</code>
          ; the answer is the JSON-RPC response itself. No session id is issued and none is needed: initialize once per connection if your
          client insists, then call tools.
        </p>
        <Code
          label="Streamable HTTP calls"
          text={[
            `curl ${origin}/mcp -H "Authorization: Bearer ${key}" \\`,
            '  -H "Content-Type: application/json" -H "Accept: application/json, text/event-stream" \\',
            `  -d '${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'list_conversations', arguments: { limit: 10 } } })}'`,
          ].join('\n')}
        />
        <p>
          From code, with the MCP TypeScript SDK (<code>npm install @modelcontextprotocol/sdk</code>): save this as <code>agent.mjs</code>{' '}
          and run it with <code>UNSTUCK_AGENT_KEY=your-key node agent.mjs</code>. It lists the tools and the conversations waiting for an
          answer.
        </p>
        <Code label="TypeScript SDK client" text={sdkClient(origin)} />
        <ul>
          <li>A body that is not JSON: HTTP 400 with the JSON-RPC error -32700.</li>
          <li>
            An <code>Accept</code> header without both <code>application/json</code> and <code>text/event-stream</code>: HTTP 406.
          </li>
          <li>
            <code>GET</code> and <code>DELETE</code> on <code>/mcp</code>: HTTP 405 (there is no stream or session to open or end).
          </li>
        </ul>

        <h2 id="tools">Tools and their results</h2>
        <p>
          Every tool lists an <code>outputSchema</code> and answers <code>structuredContent</code> that matches it, plus the same JSON as
          text for older clients (for <code>list_conversations</code> the text is the bare array of conversations). Refusals about the data
          (not found, already answered, with the experts) are results with <code>isError: true</code> and the reason as text.
        </p>
        {Object.entries(MCP_TOOLS).map(([name, tool]) => (
          <section key={name} className="docs__tool" aria-labelledby={`tool-${name}`}>
            <h3 id={`tool-${name}`}>
              <code>{name}</code>
            </h3>
            <p>{tool.description}</p>
            <FieldTable fields={fieldsOf(tool.input, 'input')} label={`Input of ${name}`} />
            <p>Result (structuredContent):</p>
            <FieldTable fields={fieldsOf(tool.output, 'output')} label={`Result of ${name}`} />
          </section>
        ))}

        <h2 id="errors">Limits and errors</h2>
        <ul>
          <li>
            <code>content</code>: 1 to 20,000 characters after trimming; <code>type</code>: <code>&quot;direct&quot;</code> only;{' '}
            <code>limit</code> of <code>list_conversations</code>: 1 to 100 (default 20).
          </li>
          <li>Arguments a tool does not know are refused, not ignored: JSON-RPC error -32602 naming the field, as for invalid values.</li>
          <li>
            -32601: an unknown method (also <code>resources/subscribe</code> on <code>/mcp</code>); -32602: invalid arguments or an unknown
            tool; -32002: a resource that does not exist or is not yours; -32603: an internal error.
          </li>
          <li>
            HTTP: 401 (key), 403 (untrusted Origin or Host, or another agent&apos;s session), 404 (unknown session), 406 and 405 as above.
          </li>
        </ul>

        <h2 id="rest">Without MCP</h2>
        <p>
          Agents that do not speak MCP can send a message with <code>POST {origin}/api/messages</code>, the key in <code>X-Agent-Key</code>{' '}
          or <code>Authorization: Bearer</code>, and the arguments of <code>send_message</code> as JSON. The answer is HTTP 201 with the
          message id; a message already answered is HTTP 409 with the code <code>already_answered</code>.
        </p>
        <Code
          label="The REST call"
          text={`curl -X POST ${origin}/api/messages -H "Authorization: Bearer ${key}" -H "Content-Type: application/json" \\\n  -d '{"conversationId":"…","content":"Thanks! Which payment provider do you use?"}'`}
        />
      </div>
    </PageLayout>
  );
}

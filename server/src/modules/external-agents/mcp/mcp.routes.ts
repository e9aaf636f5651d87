import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { NodeStreamableHTTPServerTransport, toNodeHandler, toWebRequest } from '@modelcontextprotocol/node';
import { createMcpHandler, isLegacyRequest, ProtocolErrorCode } from '@modelcontextprotocol/server';
import type { AppDeps } from '../../../app-deps.ts';
import type { Config } from '../../../config.ts';
import type { VerifiedAgent } from '../../api-keys/api-keys.service.ts';
import { agentKeyOf, authenticateAgent, carriesCredential } from '../agent-key.ts';
import {
  hostNotAllowed,
  invalidMcpSessionId,
  mcpSessionIdInUse,
  mcpSessionOfOtherAgent,
  originNotAllowed,
  unknownMcpSession,
} from '../external-agents.errors.ts';
import { McpConversationChanges } from './conversation-changes.ts';
import { agentListenBus, listenedUris } from './listen-bus.ts';
import { createMcpServer, UPDATE_WINDOW_MS } from './mcp-server.ts';
import { McpSessions } from './mcp-sessions.ts';
import { SessionSseTransport } from './sse-transport.ts';

/** Same bound as the SDK's transports. */
const BODY_LIMIT = 4 * 1024 * 1024;
const SESSION_ID = /^[A-Za-z0-9_-]{8,128}$/;
const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];
/** JSON-RPC's implementation-defined server error, as the SDK answers a method /mcp does not take. */
const SERVER_ERROR = -32000;

/**
 * The MCP server for third-party agents (docs/product.md "Calls" "Documented message-tool interface"):
 * - the spec's session transport (2025 revisions): `GET /mcp_tools/sse` and `POST /mcp_tools/messages/?session_id=`
 *   (202; the answer arrives on the stream, and so do resource updates the agent subscribed to).
 *   Sessions live in this process: behind a load balancer this transport needs sticky sessions
 *   (README); they end when the process stops, or when their key is revoked on any instance;
 * - `POST /mcp` (decision 090): revision 2026-07-28 on the v2 SDK's HTTP entry (stateless,
 *   `server/discover`, `subscriptions/listen` streams fed by the database's change notifications, so
 *   any instance answers) and 2025 Streamable HTTP, stateless, without push.
 * One key holds at most MCP_SESSIONS_PER_KEY sessions and listen streams on an instance (429
 * beyond, decision 082); its revocation ends them. Every request is authenticated by an agent key
 * (401) and checked for a trusted Host and Origin (403, the MCP transport rules against DNS rebinding).
 */
export async function registerMcpRoutes(app: FastifyInstance, deps: AppDeps) {
  const sessions = new Map<string, { transport: SessionSseTransport; agent: VerifiedAgent }>();
  const trusted = trustedHostsAndOrigins(deps.config);
  const perKey = new McpSessions(deps.config.MCP_SESSIONS_PER_KEY, deps.agentKeyRevocations);
  const changes = new McpConversationChanges(deps, UPDATE_WINDOW_MS);

  await app.register(async (scope) => {
    // Bodies arrive as text: a body that is not JSON is the JSON-RPC error -32700, not Fastify's 400.
    scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_request, body, done) =>
      done(null, body),
    );
    scope.addHook('onRequest', async (request) => {
      checkHostAndOrigin(request, trusted);
    });

    scope.get('/mcp_tools/sse', async (request, reply) => {
      const agent = await authenticateAgent(deps, agentKeyOf(request.headers), carriesCredential(request.headers));
      const asked = (request.query as { session_id?: unknown }).session_id;
      if (asked !== undefined && (typeof asked !== 'string' || !SESSION_ID.test(asked))) {
        throw invalidMcpSessionId();
      }
      const sessionId = asked ?? randomUUID();
      if (sessions.has(sessionId)) throw mcpSessionIdInUse();
      const transport = new SessionSseTransport(sessionId, reply.raw, `/mcp_tools/messages/?session_id=${encodeURIComponent(sessionId)}`);
      // Counted before it starts (429 otherwise); the key's revocation ends it.
      const release = perKey.open(agent, () => void transport.close());
      sessions.set(sessionId, { transport, agent });
      transport.onclose = () => {
        sessions.delete(sessionId);
        release();
      };
      reply.hijack();
      await createMcpServer(deps, agent, 'sse', { kind: 'subscribe', changes }).connect(transport);
    });

    for (const url of ['/mcp_tools/messages/', '/mcp_tools/messages']) {
      scope.post(url, async (request, reply) => {
        const agent = await authenticateAgent(deps, agentKeyOf(request.headers), carriesCredential(request.headers));
        const sessionId = (request.query as { session_id?: unknown }).session_id;
        const session = typeof sessionId === 'string' ? sessions.get(sessionId) : undefined;
        if (!session) throw unknownMcpSession();
        if (session.agent.agentId !== agent.agentId) throw mcpSessionOfOtherAgent();
        session.transport.receive(typeof request.body === 'string' ? request.body : '');
        return reply.code(202).send({ status: 'accepted' });
      });
    }

    scope.post('/mcp', async (request, reply) => {
      const agent = await authenticateAgent(deps, agentKeyOf(request.headers), carriesCredential(request.headers));
      let body: unknown;
      try {
        body = JSON.parse(typeof request.body === 'string' ? request.body : '');
      } catch {
        return reply
          .code(400)
          .send({ jsonrpc: '2.0', id: null, error: { code: ProtocolErrorCode.ParseError, message: 'Parse error: the body is not JSON' } });
      }
      if (await isLegacyRequest(await toWebRequest(request.raw, body), body)) {
        // 2025 Streamable HTTP, stateless, answered as plain JSON (the SDK's own fallback streams).
        const server = createMcpServer(deps, agent, 'streamable-http', { kind: 'none' });
        const transport = new NodeStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
        reply.raw.on('close', () => {
          void transport.close();
          void server.close();
        });
        reply.hijack();
        await server.connect(transport);
        await transport.handleRequest(request.raw, reply.raw, body);
        return;
      }
      const listened = listenedUris(body);
      // Revision 2026-07-28: a server per request; a listen stream hears this agent's changes only.
      const handler = createMcpHandler(() => createMcpServer(deps, agent, 'streamable-http', { kind: 'listen' }), {
        legacy: 'reject',
        ...(listened ? { bus: agentListenBus(changes, agent.agentId, listened) } : {}),
      });
      // A listen stream is counted like a session (429 beyond the limit); revoking the key closes it.
      const release = listened ? perKey.open(agent, () => void handler.close()) : undefined;
      reply.raw.on('close', () => {
        release?.();
        void handler.close();
      });
      reply.hijack();
      await toNodeHandler(handler)(request.raw, reply.raw, body);
    });

    // Neither era opens a stream or ends a session with GET or DELETE.
    for (const method of ['GET', 'DELETE'] as const) {
      scope.route({
        method,
        url: '/mcp',
        handler: async (_request, reply) =>
          reply
            .code(405)
            .header('allow', 'POST')
            .send({
              jsonrpc: '2.0',
              id: null,
              error: { code: SERVER_ERROR, message: 'Method not allowed: POST JSON-RPC messages to /mcp' },
            }),
      });
    }
  });

  // Before the server waits for open requests: an event stream would otherwise keep it open.
  app.addHook('preClose', async () => {
    perKey.close();
    await Promise.all([...sessions.values()].map(({ transport }) => transport.close()));
  });
}

/**
 * Hosts (names without port) and origins the MCP endpoints accept besides the loopback ones:
 * PUBLIC_URL's and the configured ones.
 */
function trustedHostsAndOrigins(config: Pick<Config, 'PUBLIC_URL' | 'MCP_ALLOWED_HOSTS' | 'MCP_ALLOWED_ORIGINS'>) {
  const publicUrl = config.PUBLIC_URL ? new URL(config.PUBLIC_URL) : null;
  const hosts = new Set([...LOOPBACK_HOSTS, ...(publicUrl ? [publicUrl.hostname] : []), ...config.MCP_ALLOWED_HOSTS]);
  const origins = new Set([...(publicUrl ? [publicUrl.origin] : []), ...config.MCP_ALLOWED_ORIGINS]);
  return { hosts, origins };
}

/**
 * Refuses a request whose Host is not ours or whose Origin (sent by browsers) is not trusted: a web
 * page must not reach an MCP server through DNS rebinding (MCP specification, transports, "Security
 * warning").
 * @throws AppError 403.
 */
function checkHostAndOrigin(request: FastifyRequest, trusted: { hosts: Set<string>; origins: Set<string> }) {
  const host = request.headers.host ?? '';
  let hostname = '';
  try {
    hostname = new URL(`http://${host}`).hostname;
  } catch {
    // An unparsable Host is not one of ours.
  }
  if (!trusted.hosts.has(hostname)) throw hostNotAllowed(host);
  const origin = request.headers.origin;
  if (origin !== undefined && !trusted.origins.has(origin) && !isLoopbackOrigin(origin)) throw originNotAllowed(origin);
}

/**
 * An `http(s)` origin on a loopback name, any port: a page there runs on the agent's own machine,
 * which DNS rebinding cannot fake (the rebound page's origin keeps its own name).
 */
function isLoopbackOrigin(origin: string): boolean {
  try {
    const url = new URL(origin);
    return (url.protocol === 'http:' || url.protocol === 'https:') && LOOPBACK_HOSTS.includes(url.hostname);
  } catch {
    return false;
  }
}

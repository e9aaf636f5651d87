import { ProtocolError, ProtocolErrorCode, ResourceNotFoundError, Server, type CallToolResult } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { MCP_TOOLS, type McpToolName } from '@unstuck/contract';
import type { AppDeps } from '../../../app-deps.ts';
import { AppError } from '../../../lib/errors.ts';
import { firstIssue } from '../../../lib/zod-detail.ts';
import type { VerifiedAgent } from '../../api-keys/api-keys.service.ts';
import { findAgentConversation, listAgentConversations } from '../../chat/chat.service.ts';
import {
  auditedAgentCall,
  claimConversationAsAgent,
  listConversationsForAgent,
  readConversationForAgent,
  sendMessageAsAgent,
  sendProposalAsAgent,
  updateTaskAsAgent,
} from '../external-agents.service.ts';
import type { McpConversationChanges } from './conversation-changes.ts';

/** The version our message-tool server announces (docs/product.md "Calls" "Protocol version 2.0.0"). */
export const MCP_SERVER_VERSION = '2.0.0';

/** The resource listing the conversations waiting for the agent (docs/decisions/076-mcp-push.md). */
export const WAITING_URI = 'unstuck://conversations/waiting';
const CONVERSATION_URI = /^unstuck:\/\/conversations\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;
/** Conversations `resources/list` names besides the waiting list: the agent's most recent ones. */
const LISTED_CONVERSATIONS = 100;
/**
 * How long 2026-07-28 clients may keep what does not change between deployments (milliseconds): the
 * tools, the resource template, the server's description. Lists of conversations and their contents
 * keep the SDK's default, not cached (`ttlMs: 0`). Every answer is for one agent: `private`.
 */
const STATIC_TTL_MS = 5 * 60_000;
const CACHE_HINTS = {
  'tools/list': { ttlMs: STATIC_TTL_MS, cacheScope: 'private' },
  'resources/templates/list': { ttlMs: STATIC_TTL_MS, cacheScope: 'private' },
  'server/discover': { ttlMs: STATIC_TTL_MS, cacheScope: 'private' },
  'resources/list': { ttlMs: 0, cacheScope: 'private' },
  'resources/read': { ttlMs: 0, cacheScope: 'private' },
} as const;
/** How long resource updates gather before they are sent (milliseconds; the promise is one second). */
export const UPDATE_WINDOW_MS = 50;

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'fileUrls' | 'conversationCache'>;
type Transports = 'sse' | 'streamable-http';

/**
 * How the server's resources can be followed:
 * - `subscribe`: 2025 `resources/subscribe` on a stream this server pushes on (the session
 *   transport), fed by the instance's shared change feed (decision 082);
 * - `listen`: 2026-07-28 `subscriptions/listen`, served by the SDK's HTTP entry from a change bus
 *   (./listen-bus.ts); the server only declares `resources.subscribe`;
 * - `none`: stateless 2025 requests, with no stream to push on.
 */
export type ResourceUpdates = { kind: 'subscribe'; changes: McpConversationChanges } | { kind: 'listen' } | { kind: 'none' };

type Run<Name extends McpToolName> = (
  deps: Deps,
  agent: VerifiedAgent,
  input: z.infer<(typeof MCP_TOOLS)[Name]['input']>,
) => Promise<z.infer<(typeof MCP_TOOLS)[Name]['output']>>;

/** What each tool of the contract's {@link MCP_TOOLS} does. */
const RUN: { [Name in McpToolName]: Run<Name> } = {
  send_message: (deps, agent, input) => sendMessageAsAgent(deps, agent, input),
  list_conversations: async (deps, agent, input) => ({ conversations: await listConversationsForAgent(deps, agent, input) }),
  read_conversation: (deps, agent, input) => readConversationForAgent(deps, agent, input.conversationId),
  update_task: (deps, agent, input) => updateTaskAsAgent(deps, agent, input),
  send_proposal: (deps, agent, input) => sendProposalAsAgent(deps, agent, input),
  claim_conversation: (deps, agent, input) => claimConversationAsAgent(deps, agent, input.conversationId),
};

/** Tool input as the server validates it: unknown arguments are refused (-32602), not ignored. */
const STRICT_INPUTS: Record<string, z.ZodType> = Object.fromEntries(
  Object.entries(MCP_TOOLS).map(([name, tool]) => [name, tool.input.strict()]),
);

/** The tools as `tools/list` shows them, computed once: input and output as JSON Schema. */
const TOOL_LIST = Object.entries(MCP_TOOLS).map(([name, tool]) => ({
  name,
  description: tool.description,
  inputSchema: z.toJSONSchema(tool.input.strict(), { io: 'input' }) as { type: 'object'; [key: string]: unknown },
  outputSchema: z.toJSONSchema(tool.output, { io: 'output' }) as { type: 'object'; [key: string]: unknown },
}));

/**
 * An MCP server (the v2 SDK's low-level `Server`, so that bad tool arguments are the JSON-RPC error
 * -32602 of docs/product.md "Errors" rather than a tool result) acting for one authenticated agent: each tool sees
 * only conversations addressed to that agent, and every call is written to the audit log. It speaks
 * both protocol eras (2025 `initialize`, 2026-07-28 `server/discover`; decision 090).
 * Tools answer `structuredContent` matching their `outputSchema` and the same JSON as text (older
 * clients read the text; `list_conversations`' text stays the bare array; decision 075). Resources: the waiting
 * list and each conversation, readable everywhere; they are followed as `updates` says
 * (`notifications/resources/updated` within a second of a change on any instance; decisions 076, 090).
 * @param transport which transport it serves, recorded in the audit log.
 */
export function createMcpServer(deps: Deps, agent: VerifiedAgent, transport: Transports, updates: ResourceUpdates): Server {
  const server = new Server(
    { name: deps.config.PRODUCT_NAME, version: MCP_SERVER_VERSION },
    { capabilities: { tools: {}, resources: updates.kind === 'none' ? {} : { subscribe: true } }, cacheHints: CACHE_HINTS },
  );

  server.setRequestHandler('tools/list', () => ({ tools: TOOL_LIST }));

  server.setRequestHandler('tools/call', async (request): Promise<CallToolResult> => {
    const name = request.params.name;
    if (!Object.hasOwn(MCP_TOOLS, name)) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown tool: ${name}`);
    const run = RUN[name as McpToolName] as (deps: Deps, agent: VerifiedAgent, input: unknown) => Promise<unknown>;
    const parsed = STRICT_INPUTS[name]!.safeParse(request.params.arguments ?? {});
    if (!parsed.success)
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Invalid arguments for ${name}: ${firstIssue(parsed.error)}`);
    // send_message may name its conversation in metadata (docs/product.md "Calls" keeps the tool's four fields).
    const input = parsed.data as { conversationId?: unknown; metadata?: { conversationId?: unknown } };
    const conversationId = input.conversationId ?? input.metadata?.conversationId;
    try {
      const result = await auditedAgentCall(
        deps,
        agent,
        { tool: name, transport, ...(typeof conversationId === 'string' ? { conversationId } : {}) },
        () => run(deps, agent, parsed.data),
      );
      const structuredContent = result as Record<string, unknown>;
      const compatible = name === 'list_conversations' ? structuredContent.conversations : result;
      return { content: [{ type: 'text', text: JSON.stringify(compatible, null, 2) }], structuredContent };
    } catch (error) {
      // A refusal the agent can act on (not found, conflict, bad input) is a tool error it reads;
      // anything else is the server's fault.
      if (error instanceof AppError) return { content: [{ type: 'text', text: error.detail }], isError: true };
      throw new ProtocolError(ProtocolErrorCode.InternalError, 'Internal error');
    }
  });

  registerResources(server, deps, agent, transport);
  if (updates.kind === 'subscribe') registerSubscriptions(server, deps, agent, updates.changes);
  return server;
}

function registerResources(server: Server, deps: Deps, agent: VerifiedAgent, transport: Transports) {
  server.setRequestHandler('resources/list', async () => {
    const recent = await listAgentConversations(deps.db, agent.agentId, { limit: LISTED_CONVERSATIONS });
    return {
      resources: [
        {
          uri: WAITING_URI,
          name: 'waiting',
          title: 'Conversations waiting for you',
          description: 'The conversations whose latest message waits for your answer (as list_conversations).',
          mimeType: 'application/json',
        },
        ...recent.map((conversation) => ({
          uri: `unstuck://conversations/${conversation.id}`,
          name: conversation.id,
          title: conversation.title ?? 'Conversation',
          mimeType: 'application/json',
        })),
      ],
    };
  });

  server.setRequestHandler('resources/templates/list', () => ({
    resourceTemplates: [
      {
        uriTemplate: 'unstuck://conversations/{id}',
        name: 'conversation',
        title: 'A conversation',
        description: 'Its messages and its task (as read_conversation).',
        mimeType: 'application/json',
      },
    ],
  }));

  server.setRequestHandler('resources/read', async (request) => {
    const { uri } = request.params;
    const conversationId = CONVERSATION_URI.exec(uri)?.[1];
    if (uri !== WAITING_URI && !conversationId) throw resourceNotFound(uri);
    try {
      const contents = await auditedAgentCall<unknown>(
        deps,
        agent,
        { tool: 'read_resource', transport, ...(conversationId ? { conversationId } : {}) },
        async () =>
          conversationId
            ? readConversationForAgent(deps, agent, conversationId)
            : { conversations: await listConversationsForAgent(deps, agent, { waitingOnly: true, limit: 100 }) },
      );
      return { contents: [{ uri, mimeType: 'application/json', text: JSON.stringify(contents, null, 2) }] };
    } catch (error) {
      if (error instanceof AppError) throw resourceNotFound(uri);
      throw new ProtocolError(ProtocolErrorCode.InternalError, 'Internal error');
    }
  });
}

/** 2025 `resources/subscribe` and `resources/unsubscribe`, pushed on the server's own stream. */
function registerSubscriptions(server: Server, deps: Deps, agent: VerifiedAgent, changes: McpConversationChanges) {
  const subscribed = new Set<string>();
  server.setRequestHandler('resources/subscribe', async (request) => {
    const { uri } = request.params;
    const conversationId = CONVERSATION_URI.exec(uri)?.[1];
    // Only what this agent may read: the same 404 as reading it.
    if (uri !== WAITING_URI && !(conversationId && (await findAgentConversation(deps.db, conversationId, agent.agentId)))) {
      throw resourceNotFound(uri);
    }
    subscribed.add(uri);
    return {};
  });
  server.setRequestHandler('resources/unsubscribe', (request) => {
    subscribed.delete(request.params.uri);
    return {};
  });

  // One change is heard twice on the instance that made it (its own signal, then the database's
  // NOTIFY): updates are sent once per resource at the end of a short window, after every change in it.
  const pending = new Set<string>();
  let flush: NodeJS.Timeout | undefined;
  const updated = (uri: string) => {
    pending.add(uri);
    flush ??= setTimeout(() => {
      flush = undefined;
      for (const each of pending) {
        // A change heard before an unsubscribe is not sent after its answer.
        if (!subscribed.has(each)) continue;
        server.sendResourceUpdated({ uri: each }).catch(() => {
          // The stream closed meanwhile; its session ends with it.
        });
      }
      pending.clear();
    }, UPDATE_WINDOW_MS);
  };
  // Every instance hears every conversation change (migration 0008's trigger, LISTEN/NOTIFY); whether
  // a change is this agent's is read once for every session of the instance.
  const unsubscribe = changes.subscribe({
    agentId: agent.agentId,
    wantsAddressees: () => subscribed.has(WAITING_URI),
    changed: (conversationId, addressed) => {
      const uri = `unstuck://conversations/${conversationId}`;
      if (subscribed.has(uri)) updated(uri);
      if (addressed && subscribed.has(WAITING_URI)) updated(WAITING_URI);
    },
    changedAll: () => {
      for (const uri of subscribed) updated(uri);
    },
  });
  const closed = server.onclose;
  server.onclose = () => {
    unsubscribe();
    clearTimeout(flush);
    closed?.();
  };
}

/** The 2026-07-28 specification's answer for a resource that does not exist (-32602, also on 2025 requests). */
function resourceNotFound(uri: string) {
  return new ResourceNotFoundError(uri);
}

import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
  type CallToolResult,
} from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { MCP_TOOLS, type McpToolName } from '@unstuck/contract';
import type { AppDeps } from '../../../app-deps.ts';
import { AppError } from '../../../lib/errors.ts';
import { firstIssue } from '../../../lib/zod-detail.ts';
import type { VerifiedAgent } from '../../api-keys/api-keys.service.ts';
import {
  auditedAgentCall,
  listConversationsForAgent,
  readConversationForAgent,
  sendMessageAsAgent,
  sendProposalAsAgent,
  updateTaskAsAgent,
} from '../external-agents.service.ts';

/** The version our message-tool server announces (spec §7 "Protocol version 2.0.0"). */
export const MCP_SERVER_VERSION = '2.0.0';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'fileUrls'>;

type Run<Name extends McpToolName> = (
  deps: Deps,
  agent: VerifiedAgent,
  input: z.infer<(typeof MCP_TOOLS)[Name]['input']>,
) => Promise<unknown>;

/** What each tool of the contract's {@link MCP_TOOLS} does. */
const RUN: { [Name in McpToolName]: Run<Name> } = {
  send_message: (deps, agent, input) => sendMessageAsAgent(deps, agent, input),
  list_conversations: (deps, agent, input) => listConversationsForAgent(deps, agent, input),
  read_conversation: (deps, agent, input) => readConversationForAgent(deps, agent, input.conversationId),
  update_task: (deps, agent, input) => updateTaskAsAgent(deps, agent, input),
  send_proposal: (deps, agent, input) => sendProposalAsAgent(deps, agent, input),
};

/**
 * An MCP server (the SDK's low-level `Server`, so that bad tool arguments are the JSON-RPC error
 * -32602 of spec §8 rather than a tool result) acting for one authenticated agent: each tool sees
 * only conversations addressed to that agent, and every call is written to the audit log.
 * @param transport which transport it serves, recorded in the audit log.
 */
export function createMcpServer(deps: Deps, agent: VerifiedAgent, transport: 'sse' | 'streamable-http'): Server {
  const server = new Server({ name: deps.config.PRODUCT_NAME, version: MCP_SERVER_VERSION }, { capabilities: { tools: {} } });

  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: Object.entries(MCP_TOOLS).map(([name, definition]) => ({
      name,
      description: definition.description,
      inputSchema: z.toJSONSchema(definition.input, { io: 'input' }) as { type: 'object'; [key: string]: unknown },
    })),
  }));

  server.setRequestHandler(CallToolRequestSchema, async (request): Promise<CallToolResult> => {
    const name = request.params.name;
    if (!Object.hasOwn(MCP_TOOLS, name)) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${name}`);
    const definition = MCP_TOOLS[name as McpToolName];
    const run = RUN[name as McpToolName] as (deps: Deps, agent: VerifiedAgent, input: unknown) => Promise<unknown>;
    const parsed = definition.input.safeParse(request.params.arguments ?? {});
    if (!parsed.success) throw new McpError(ErrorCode.InvalidParams, `Invalid arguments for ${name}: ${firstIssue(parsed.error)}`);
    // send_message may name its conversation in metadata (spec §7 keeps the tool's four fields).
    const input = parsed.data as { conversationId?: unknown; metadata?: { conversationId?: unknown } };
    const conversationId = input.conversationId ?? input.metadata?.conversationId;
    try {
      const result = await auditedAgentCall(
        deps,
        agent,
        { tool: name, transport, ...(typeof conversationId === 'string' ? { conversationId } : {}) },
        () => run(deps, agent, parsed.data),
      );
      return { content: [{ type: 'text', text: JSON.stringify(result, null, 2) }] };
    } catch (error) {
      // A refusal the agent can act on (not found, conflict, bad input) is a tool error it reads;
      // anything else is the server's fault.
      if (error instanceof AppError) return { content: [{ type: 'text', text: error.detail }], isError: true };
      throw new McpError(ErrorCode.InternalError, 'Internal error');
    }
  });
  return server;
}

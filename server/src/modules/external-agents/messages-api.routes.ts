import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { agentMessageSchema, jobSubmissionSchema, postMessageResponseSchema } from '@unstuck/contract';
import type { AppDeps } from '../../app-deps.ts';
import { countClientUse } from '../../lib/client-limits.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { badRequest } from '../../lib/errors.ts';
import { firstIssue } from '../../lib/zod-detail.ts';
import { identifyCaller, requireUser } from '../auth/caller.ts';
import { submitJob } from '../chat/chat.service.ts';
import { agentKeyOf, authenticateAgent, refuseBrowserAgentKey } from './agent-key.ts';
import { auditedAgentCall, sendMessageAsAgent } from './external-agents.service.ts';

/**
 * `POST /api/messages` (docs/product.md "Calls"), one route with two kinds of caller:
 * - a signed-in user (Bearer access token) submitting a job (docs/product.md "Entities" job payload): a conversation
 *   with agent-1 and its task, answered by agent-1 like a chat request;
 * - a third-party agent (`X-Agent-Key`) sending a message as its agent into a conversation
 *   addressed to it. Agent keys sent from a browser are refused (403).
 */
export function registerMessagesApiRoutes(app: FastifyInstance, deps: AppDeps) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      '/api/messages',
      { schema: { response: { 201: postMessageResponseSchema, ...errorResponses(400, 401, 403, 404, 409, 429, 503) } } },
      async (request, reply) => {
        const key = agentKeyOf(request.headers);
        if (key !== null) {
          refuseBrowserAgentKey(request.headers);
          const agent = await authenticateAgent(deps, key);
          const parsed = agentMessageSchema.safeParse(request.body ?? {});
          if (!parsed.success) throw badRequest(firstIssue(parsed.error));
          const conversationId = parsed.data.conversationId;
          const sent = await auditedAgentCall(
            deps,
            agent,
            { tool: 'send_message', transport: 'rest', ...(conversationId ? { conversationId } : {}) },
            () => sendMessageAsAgent(deps, agent, parsed.data),
          );
          return reply.code(201).send(sent);
        }
        const user = requireUser(await identifyCaller(request, deps.tokens));
        // A job starts an agent-1 turn like a chat message: the same per-address allowance.
        await countClientUse(deps, request.ip, 'messages');
        const parsed = jobSubmissionSchema.safeParse(request.body ?? {});
        if (!parsed.success) throw badRequest(firstIssue(parsed.error));
        return reply.code(201).send(await submitJob(deps, user, parsed.data));
      },
    );
}

import { AppError, badRequest, conflict, forbidden, notFound, tooManyRequests } from '../../lib/errors.ts';

// Errors of the calls external agents make, over REST and the MCP transports
// (docs/decisions/024-error-codes.md). JSON-RPC errors inside MCP keep their protocol's codes.

/**
 * 401: no agent key, or a credential that is not a valid one (unknown, revoked, past its rotation
 * grace, or not an agent key at all). `WWW-Authenticate: Bearer` (RFC 9110 §11.6.1, RFC 6750 §3:
 * `invalid_token` when a credential was sent) tells clients which credential we take; we publish no
 * OAuth metadata, so MCP clients ask their user for the key.
 * @param docsUrl the agents' page on issuing a key, named in the detail.
 */
export const agentKeyRequired = (keySent: boolean, docsUrl: string) =>
  new AppError(
    'unauthenticated',
    401,
    keySent
      ? `This agent API key is not valid: it is unknown, revoked, a rotated-out key past its grace period, or not an agent key. Ask an admin for a current key: admins issue keys in Admin → API keys (${docsUrl}).`
      : `An agent API key is required: send it as Authorization: Bearer <key> or X-Agent-Key. Admins issue keys in Admin → API keys (${docsUrl}).`,
    {
      'www-authenticate': keySent
        ? 'Bearer realm="unstuck-agents", error="invalid_token", error_description="The credential is not a valid agent API key"'
        : 'Bearer realm="unstuck-agents"',
    },
  );

/**
 * 429 with `Retry-After`: the key holds MCP_SESSIONS_PER_KEY open MCP sessions and streams on this
 * instance already (docs/decisions/082-mcp-sessions-per-key.md).
 */
export const tooManyMcpSessions = (limit: number, retryAfterMs: number) =>
  tooManyRequests(
    `This agent key has ${limit} MCP sessions open already, the most one key may hold; close one (or reuse it) and try again`,
    retryAfterMs,
  );

/** 403: an agent key sent by a browser (a key in a web page is a key anyone can read). */
export const agentKeyFromBrowser = () =>
  forbidden('Agent keys are not accepted from a browser. Sign in and send the job with your session instead.');

/** 403: an agent whose id does not start with `agent-` writing into a conversation. */
export const notAnAgentId = () => forbidden('Only agents whose id starts with "agent-" can write into a conversation');

/** 400: a message that names neither a conversation nor a recipient with one addressed to this agent. */
export const conversationNotNamed = () =>
  badRequest('Name the conversation (conversationId), or a recipientId with a conversation addressed to this agent');

/** 400: a recipientId that is not the conversation's owner. */
export const recipientNotOwner = () => badRequest('recipientId must be the id of the person who owns the conversation');

/** 400: a task update without any field to change. */
export const nothingToUpdate = () => badRequest('Give at least one of diagnosis, clarifiedScope, jobSummaryForEngineer, status');

/** 409: a proposal for a task already accepted and with the experts. */
export const proposalAlreadyWithExperts = () => conflict('The proposal is already accepted; the work is with the experts');

/** 409: a task update once the task is with the experts. */
export const taskWithExperts = () => conflict('The task is with the experts and can no longer be changed by an agent');

/**
 * 409 `already_answered`: the person's newest message has its answer (this agent's, another worker's
 * or agent-1's, maybe a moment ago): one reply per message (decision 027).
 */
export const alreadyAnswered = () =>
  new AppError(
    'already_answered',
    409,
    "Already answered: the person's latest message has a reply. Wait for their next message, or send with followUp: true to add to the answer.",
  );

/** 409: the proposal was accepted; the conversation is the human experts' now, not an agent's to answer. */
export const conversationWithExperts = () =>
  conflict('The proposal is accepted and the conversation is with the human experts; agents no longer answer it');

/** 400: an MCP session id of the wrong shape. */
export const invalidMcpSessionId = () => badRequest('session_id must be 8 to 128 letters, digits, _ or -');

/** 409: an MCP session id already open. */
export const mcpSessionIdInUse = () => conflict('This session_id is in use');

/** 404: a message to an MCP session that is not open (here). */
export const unknownMcpSession = () => notFound('Unknown session: open GET /mcp_tools/sse and use the session_id of its endpoint event');

/** 403: a message to another agent's MCP session. */
export const mcpSessionOfOtherAgent = () => forbidden('This session belongs to another agent');

/** 403: an MCP request whose Host is not ours (DNS-rebinding protection). */
export const hostNotAllowed = (host: string) => forbidden(`Host not allowed: ${host}`);

/** 403: an MCP request from a browser origin we do not trust. */
export const originNotAllowed = (origin: string) => forbidden(`Origin not allowed: ${origin}`);

import type { IncomingHttpHeaders } from 'node:http';
import type { AppDeps } from '../../app-deps.ts';
import { agentKeyFromBrowser, agentKeyRequired } from './external-agents.errors.ts';
import { isAgentKeyShaped, verifyAgentApiKey, type VerifiedAgent } from '../api-keys/api-keys.service.ts';

/**
 * The agent key a request carries (docs/product.md "Calls"): the `X-Agent-Key` header, or an `Authorization:
 * Bearer` credential shaped like one of our agent keys.
 * @returns the key, or null when the request carries none (it may carry a person's token).
 */
export function agentKeyOf(headers: IncomingHttpHeaders): string | null {
  const header = headers['x-agent-key'];
  if (typeof header === 'string') return header.trim();
  const bearer = /^Bearer\s+(\S+)$/i.exec(headers.authorization ?? '')?.[1];
  return bearer && isAgentKeyShaped(bearer) ? bearer : null;
}

/**
 * Agent keys are for servers. A browser request (it sends `Origin` on every POST and
 * `Sec-Fetch-Site` on every request; Node's fetch sends neither, only `Sec-Fetch-Mode`) that carries one is refused, whatever the key: the original product sent a fixed
 * test key from its job page, and a key in a web page is a key anyone can read (README "Deviations").
 * @throws AppError 403.
 */
export function refuseBrowserAgentKey(headers: IncomingHttpHeaders): void {
  if (headers.origin !== undefined || headers['sec-fetch-site'] !== undefined) {
    throw agentKeyFromBrowser();
  }
}

/**
 * Authenticates an agent by its key and counts the use (last access, usage count).
 * @param credentialSent whether the request carried a credential at all (an `Authorization` value
 *   that is not an agent key counts): then the 401 says `invalid_token` (RFC 6750 §3.1).
 * @throws AppError 401 with `WWW-Authenticate: Bearer` when the key is missing, unknown, revoked or
 *   expired; its detail links the agents' page on issuing a key.
 */
export async function authenticateAgent(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config'>,
  key: string | null,
  credentialSent = key !== null,
): Promise<VerifiedAgent> {
  const agent = key ? await verifyAgentApiKey(deps, key) : null;
  if (!agent) throw agentKeyRequired(credentialSent, `${deps.config.PUBLIC_URL ?? ''}${AGENT_KEY_DOCS_PATH}`);
  return agent;
}

/** Where the agents' page tells how an admin issues a key (web/src/features/docs/content/mcp-server.md). */
const AGENT_KEY_DOCS_PATH = '/docs/mcp-server#key';

/** Whether a request carries any credential an agent could mean as its key. */
export function carriesCredential(headers: IncomingHttpHeaders): boolean {
  return headers['x-agent-key'] !== undefined || headers.authorization !== undefined;
}

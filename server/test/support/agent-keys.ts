import { AGENT_RECIPIENT_ID, type CreateApiKeyRequest } from '@unstuck/contract';
import type { Db } from '../../src/db/client.ts';
import { createApiKey } from '../../src/modules/api-keys/api-keys.service.ts';

/**
 * An agent key made straight in the database, as an admin would. agent-1's key rotates any current
 * one (still valid for the grace period). Any other id is a key no guest message is addressed to,
 * as admins could make before keys were limited to the recipients
 * (docs/decisions/028-agent-keys-per-recipient.md): the API refuses such ids now, the database keeps
 * old ones. @returns the key.
 */
export async function createAgentKey(db: Db, agentId: string = AGENT_RECIPIENT_ID, agentName = 'Test agent'): Promise<string> {
  const input = { agentId, agentName, rotate: agentId === AGENT_RECIPIENT_ID } as CreateApiKeyRequest;
  return (await createApiKey({ db, clock: { now: () => new Date() } }, { id: 'test-admin', email: null }, input)).api_key;
}

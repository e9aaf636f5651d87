import type { CreateApiKeyRequest } from '@unstuck/contract';
import type { Db } from '../../src/db/client.ts';
import { createApiKey } from '../../src/modules/api-keys/api-keys.service.ts';

/**
 * A key for an agent id no guest message is addressed to, as admins could make before keys were
 * limited to the recipients (docs/decisions/031-agent-keys-per-recipient.md): the API refuses such
 * ids now, the database keeps the old ones. @returns the key.
 */
export async function createLegacyAgentKey(db: Db, agentId: string, agentName = 'Legacy agent'): Promise<string> {
  const input = { agentId, agentName, rotate: false } as unknown as CreateApiKeyRequest;
  return (await createApiKey({ db, clock: { now: () => new Date() } }, { id: 'test-admin', email: null }, input)).api_key;
}

import { createHash, randomBytes } from 'node:crypto';
import { API_KEY_ROTATION_GRACE_HOURS, type ApiKey, type CreateApiKeyRequest, type CreateApiKeyResponse } from '@unstuck/contract';
import type { AppDeps } from '../../app-deps.ts';
import { recordAudit, type AuditActor } from '../audit/audit.service.ts';
import { agentKeyExists, apiKeyNotFound } from './api-keys.errors.ts';
import {
  expireCurrentApiKeys,
  insertApiKey,
  isUniqueViolation,
  listApiKeys,
  recordApiKeyUse,
  revokeApiKey,
  revokeExpiredApiKeys,
  type ApiKeyRow,
} from './api-keys.repository.ts';

type KeyDeps = Pick<AppDeps, 'db' | 'clock'>;

/** Every key starts with this, so that secret scanners and people recognise one. */
const KEY_PREFIX = 'unstuck_ak_';
/** 256 random bits (the issue asks for at least 128). */
const KEY_BYTES = 32;
const KEY_PATTERN = /^unstuck_ak_[A-Za-z0-9_-]{43}$/;

/** True when a Bearer credential is meant as an agent key rather than a person's access token. */
export const isAgentKeyShaped = (credential: string) => credential.startsWith(KEY_PREFIX);

/**
 * The stored form of a key: its SHA-256, hex. A plain hash is enough for a key of 256 random bits
 * (no dictionary to try, unlike a password), and it lets a key be found by an index lookup.
 */
const hashKey = (key: string) => createHash('sha256').update(key).digest('hex');

/** A key as the admin area lists it (docs/product.md "Entities" "ApiKey"). */
export function toApiKey(row: ApiKeyRow): ApiKey {
  return {
    id: row.id,
    agentId: row.agentId,
    agentName: row.agentName,
    active: row.active,
    createdAt: row.createdAt.toISOString(),
    lastAccess: row.lastAccessAt?.toISOString() ?? null,
    accessCount: row.accessCount,
    expiresAt: row.expiresAt?.toISOString() ?? null,
  };
}

/**
 * Creates an agent API key (docs/product.md "Calls" `POST /api/admin/agents/apikeys`) and records it in the audit log.
 * An agent has one current key, which the database enforces (a unique index over current keys), so
 * two admins creating at once cannot both succeed. `rotate` gives the current key
 * API_KEY_ROTATION_GRACE_HOURS more hours beside the new one, then it is revoked (decision 077).
 * @returns the key's listing plus `api_key`, the key itself: shown this once, never stored.
 * @throws AppError 409 `agent_key_exists` when the agent has a current key and `rotate` is false.
 */
export async function createApiKey(deps: KeyDeps, actor: AuditActor, input: CreateApiKeyRequest): Promise<CreateApiKeyResponse> {
  const key = `${KEY_PREFIX}${randomBytes(KEY_BYTES).toString('base64url')}`;
  const now = deps.clock.now();
  const { agentId, agentName, rotate } = input;
  try {
    const row = await deps.db.transaction(async (tx) => {
      await revokeExpiredApiKeys(tx, now);
      const rotated = rotate
        ? await expireCurrentApiKeys(tx, agentId, new Date(now.getTime() + API_KEY_ROTATION_GRACE_HOURS * 3_600_000))
        : [];
      const stored = await insertApiKey(tx, { agentId, agentName, keyHash: hashKey(key), createdBy: actor.id, now });
      await recordAudit(
        tx,
        actor,
        {
          action: rotate ? 'api_key.rotate' : 'api_key.create',
          targetType: 'api_key',
          targetId: stored.id,
          details: { agentId, agentName, ...(rotate ? { replaces: rotated.map((old) => old.id) } : {}) },
        },
        now,
      );
      return stored;
    });
    return { ...toApiKey(row), api_key: key };
  } catch (error) {
    if (isUniqueViolation(error)) throw agentKeyExists(agentId);
    throw error;
  }
}

/** `GET /api/admin/agents/apikeys`: every key, newest first, without the keys themselves. */
export async function listAgentApiKeys(deps: KeyDeps): Promise<ApiKey[]> {
  await revokeExpiredApiKeys(deps.db, deps.clock.now());
  return (await listApiKeys(deps.db)).map(toApiKey);
}

/**
 * Revokes a key (docs/product.md "Entities" "Active to Revoked"); the next use is refused.
 * @throws AppError 404 for an unknown key.
 */
export async function revokeAgentApiKey(deps: KeyDeps, actor: AuditActor, id: string): Promise<ApiKey> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const row = await revokeApiKey(tx, id, now);
    if (!row) throw apiKeyNotFound();
    await recordAudit(tx, actor, { action: 'api_key.revoke', targetType: 'api_key', targetId: id, details: { agentId: row.agentId } }, now);
    return toApiKey(row);
  });
}

/** The agent an API key belongs to. */
export interface VerifiedAgent {
  keyId: string;
  agentId: string;
  agentName: string;
}

/**
 * Checks an agent's API key (sent as `X-Agent-Key` or a Bearer key, docs/product.md "Calls") and counts the use:
 * last access is now and the usage count grows by one. The MCP server and the agent REST call
 * authenticate agents with this.
 * @param key the key as the agent sent it.
 * @returns the agent, or null when the key is malformed, unknown or revoked (answer 401).
 */
export async function verifyAgentApiKey(deps: KeyDeps, key: string): Promise<VerifiedAgent | null> {
  if (!KEY_PATTERN.test(key)) return null;
  const row = await recordApiKeyUse(deps.db, hashKey(key), deps.clock.now());
  return row ? { keyId: row.id, agentId: row.agentId, agentName: row.agentName } : null;
}

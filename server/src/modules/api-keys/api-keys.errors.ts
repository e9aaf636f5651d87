import { API_KEY_ROTATION_GRACE_HOURS } from '@unstuck/contract';
import { AppError, notFound } from '../../lib/errors.ts';

// Errors of agent API keys (docs/decisions/024-error-codes.md).

/** 404: no such API key. */
export const apiKeyNotFound = () => notFound('API key not found');

/** 409 `agent_key_exists`: the agent has a current key; a new one replaces it only by rotating. */
export const agentKeyExists = (agentId: string) =>
  new AppError(
    'agent_key_exists',
    409,
    `${agentId} already has an active key. Rotate it (rotate: true): the new key works at once and the current one ${API_KEY_ROTATION_GRACE_HOURS} more hours; or revoke it first.`,
  );

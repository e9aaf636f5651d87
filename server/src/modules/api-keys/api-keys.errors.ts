import { notFound } from '../../lib/errors.ts';

// Errors of agent API keys (docs/decisions/027-error-codes.md).

/** 404: no such API key. */
export const apiKeyNotFound = () => notFound('API key not found');

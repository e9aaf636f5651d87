import { healthResponseSchema } from '@unstuck/contract';
import { apiRequest } from '../../../lib/api-client.ts';

/** `GET /api/health`: whether the server and its database answer. */
export const getHealth = () => apiRequest('/api/health', { identity: 'none', schema: healthResponseSchema });

import { useQuery } from '@tanstack/react-query';
import { apiKeyListResponseSchema } from '@unstuck/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { ADMIN_QUERY_ROOT } from './admin-errors.ts';

export const apiKeysQueryKey = [...ADMIN_QUERY_ROOT, 'apikeys'] as const;

/** `GET /api/admin/agents/apikeys` (docs/product.md "Calls" "api_keys"). */
export const getApiKeys = async () =>
  (await apiRequest('/api/admin/agents/apikeys', { identity: 'bearer', schema: apiKeyListResponseSchema })).api_keys;

export const useApiKeys = () => useQuery({ queryKey: apiKeysQueryKey, queryFn: getApiKeys, retry: false });

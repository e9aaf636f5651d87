import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createApiKeyResponseSchema, type CreateApiKeyRequest } from '@unstuck/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { apiKeysQueryKey } from './get-api-keys.ts';

/** `POST /api/admin/agents/apikeys` (docs/product.md "Calls"): the answer carries the key, this once. */
export const createApiKey = (input: CreateApiKeyRequest) =>
  apiRequest('/api/admin/agents/apikeys', { method: 'POST', identity: 'bearer', body: input, schema: createApiKeyResponseSchema });

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createApiKey, onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryKey }) });
}

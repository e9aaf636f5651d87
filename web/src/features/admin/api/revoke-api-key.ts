import { useMutation, useQueryClient } from '@tanstack/react-query';
import { revokeApiKeyResponseSchema } from '@unstuck/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { apiKeysQueryKey } from './get-api-keys.ts';

/** `DELETE /api/admin/agents/apikeys/{id}` (docs/product.md "Calls"): the key stops working at once. */
export const revokeApiKey = (keyId: string) =>
  apiRequest(`/api/admin/agents/apikeys/${encodeURIComponent(keyId)}`, {
    method: 'DELETE',
    identity: 'bearer',
    schema: revokeApiKeyResponseSchema,
  });

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: revokeApiKey, onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryKey }) });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createShareResponseSchema, SHARE_EXPIRY_HOURS, type CreateShareResponse } from '@unstuck/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { shareLinksQueryKey } from './get-share-links.ts';

/** The texts of docs/product.md "Validation" for a creation answer without a token. */
export const INVALID_SHARE_TOKEN = 'Invalid share token received from server';

/**
 * `POST /api/admin/tasks/{id}/share` (docs/product.md "Calls", expiry_hours default 24).
 * @throws Error "Invalid share token received from server" when the answer has no token (docs/product.md "Validation").
 */
export async function createShareLink(taskId: string): Promise<CreateShareResponse> {
  const answer = await apiRequest<unknown>(`/api/admin/tasks/${encodeURIComponent(taskId)}/share`, {
    method: 'POST',
    identity: 'bearer',
    body: { expiry_hours: SHARE_EXPIRY_HOURS.default },
  });
  const parsed = createShareResponseSchema.safeParse(answer);
  if (!parsed.success || !parsed.data.share_token) throw new Error(INVALID_SHARE_TOKEN);
  return parsed.data;
}

export function useCreateShareLink(taskId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => createShareLink(taskId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shareLinksQueryKey(taskId) }),
  });
}

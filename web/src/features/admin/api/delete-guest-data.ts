import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteGuestDataResponseSchema } from '@unstuck/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { ADMIN_QUERY_ROOT } from './admin-errors.ts';

/** `DELETE /api/admin/guests/delete-all` (docs/product.md "Calls"): the counts of what went. */
export const deleteGuestData = () =>
  apiRequest('/api/admin/guests/delete-all', { method: 'DELETE', identity: 'bearer', schema: deleteGuestDataResponseSchema });

export function useDeleteGuestData() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteGuestData, onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_QUERY_ROOT }) });
}

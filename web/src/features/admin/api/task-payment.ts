import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { paymentLedgerSchema, type PaymentActionRequest } from '@unstuck/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { ADMIN_QUERY_ROOT } from './admin-errors.ts';

export const taskPaymentQueryKey = (taskId: string) => [...ADMIN_QUERY_ROOT, 'task-payment', taskId] as const;

const path = (taskId: string) => `/api/admin/tasks/${encodeURIComponent(taskId)}/payment`;

/** `GET /api/admin/tasks/{id}/payment`: the task's payment plan and ledger. */
export const getTaskPayment = (taskId: string) => apiRequest(path(taskId), { identity: 'bearer', schema: paymentLedgerSchema });

export const useTaskPayment = (taskId: string) =>
  useQuery({ queryKey: taskPaymentQueryKey(taskId), queryFn: () => getTaskPayment(taskId), retry: false });

/** `POST /api/admin/tasks/{id}/payment`: marks the amount due received, waives it, or refunds what was received; the ledger is read again. */
export function useTaskPaymentAction(taskId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: PaymentActionRequest['action']) =>
      apiRequest(path(taskId), { method: 'POST', identity: 'bearer', body: { action }, schema: paymentLedgerSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: taskPaymentQueryKey(taskId) }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteTaskResponseSchema } from '@unstuck/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { tasksQueryKey } from './get-tasks.ts';

/** `DELETE /api/admin/tasks/{id}`: the task alone. */
export const deleteTask = (taskId: string) =>
  apiRequest(`/api/admin/tasks/${encodeURIComponent(taskId)}`, { method: 'DELETE', identity: 'bearer', schema: deleteTaskResponseSchema });

export function useDeleteTask() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteTask, onSuccess: () => queryClient.invalidateQueries({ queryKey: tasksQueryKey }) });
}

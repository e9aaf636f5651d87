import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminTaskSchema } from '@unstuck/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { tasksQueryKey } from './get-tasks.ts';

/** `POST /api/admin/tasks/{id}/assign`: gives an accepted task to an expert, or (null) puts it back in the queue. */
export const assignTask = (input: { taskId: string; expertId: string | null }) =>
  apiRequest(`/api/admin/tasks/${encodeURIComponent(input.taskId)}/assign`, {
    method: 'POST',
    identity: 'bearer',
    body: { expertId: input.expertId },
    schema: adminTaskSchema,
  });

export function useAssignTask() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: assignTask, onSettled: () => queryClient.invalidateQueries({ queryKey: tasksQueryKey }) });
}

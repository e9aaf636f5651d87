import { useMutation, useQueryClient } from '@tanstack/react-query';
import { expertTaskSchema, type ExpertStatusRequest } from '@unstuck/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { expertTasksQueryKey } from './get-expert-tasks.ts';

/** `POST /api/expert/tasks/{id}/status`: the holder says where the task stands (in progress, waiting on the customer, done). */
export const setTaskStatus = (input: { taskId: string; status: ExpertStatusRequest['status'] }) =>
  apiRequest(`/api/expert/tasks/${encodeURIComponent(input.taskId)}/status`, {
    method: 'POST',
    identity: 'bearer',
    body: { status: input.status },
    schema: expertTaskSchema,
  });

export function useSetTaskStatus(taskId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (status: ExpertStatusRequest['status']) => setTaskStatus({ taskId, status }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: expertTasksQueryKey }),
  });
}

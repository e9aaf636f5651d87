import { useMutation, useQueryClient } from '@tanstack/react-query';
import { expertTaskSchema, type ExpertStatusRequest } from '@unstuck/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { expertTasksQueryKey } from './get-expert-tasks.ts';

/**
 * `POST /api/expert/tasks/{id}/status`: the holder says where the task stands (in progress, waiting on the
 * customer, done; done with the hours worked when the task has a payment plan).
 */
export const setTaskStatus = ({ taskId, ...request }: ExpertStatusRequest & { taskId: string }) =>
  apiRequest(`/api/expert/tasks/${encodeURIComponent(taskId)}/status`, {
    method: 'POST',
    identity: 'bearer',
    body: request,
    schema: expertTaskSchema,
  });

export function useSetTaskStatus(taskId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: ExpertStatusRequest) => setTaskStatus({ taskId, ...request }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: expertTasksQueryKey }),
  });
}

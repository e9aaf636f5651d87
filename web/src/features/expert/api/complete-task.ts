import { useMutation, useQueryClient } from '@tanstack/react-query';
import { expertTaskSchema } from '@unstuck/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { expertTasksQueryKey } from './get-expert-tasks.ts';

/** `POST /api/expert/tasks/{id}/done`: the task is finished (DONE). */
export const completeTask = (taskId: string) =>
  apiRequest(`/api/expert/tasks/${encodeURIComponent(taskId)}/done`, { method: 'POST', identity: 'bearer', schema: expertTaskSchema });

export function useCompleteTask() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: completeTask, onSettled: () => queryClient.invalidateQueries({ queryKey: expertTasksQueryKey }) });
}

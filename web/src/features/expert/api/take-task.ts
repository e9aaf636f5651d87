import { useMutation, useQueryClient } from '@tanstack/react-query';
import { expertTaskSchema } from '@unstuck/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { expertTasksQueryKey } from './get-expert-tasks.ts';

/** `POST /api/expert/tasks/{id}/take`: the caller takes the task (IN_PROGRESS). */
export const takeTask = (taskId: string) =>
  apiRequest(`/api/expert/tasks/${encodeURIComponent(taskId)}/take`, { method: 'POST', identity: 'bearer', schema: expertTaskSchema });

/** Takes a task; the workspace and the task's view (under the same key) refresh after it. */
export function useTakeTask() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: takeTask, onSettled: () => queryClient.invalidateQueries({ queryKey: expertTasksQueryKey }) });
}

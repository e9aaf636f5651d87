import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminTaskSchema, type AdminTask } from '@unstuck/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { tasksQueryKey } from './get-tasks.ts';

/** `PATCH /api/admin/tasks/{id}`: saves the admin notes (README "Deviations"). */
export const saveAdminNotes = (input: { taskId: string; adminNotes: string }) =>
  apiRequest(`/api/admin/tasks/${encodeURIComponent(input.taskId)}`, {
    method: 'PATCH',
    identity: 'bearer',
    body: { adminNotes: input.adminNotes },
    schema: adminTaskSchema,
  });

/** Saving puts the stored task into the task list at once. */
export function useSaveAdminNotes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAdminNotes,
    onSuccess: (task) => queryClient.setQueryData<AdminTask[]>(tasksQueryKey, (tasks) => tasks?.map((t) => (t.id === task.id ? task : t))),
  });
}

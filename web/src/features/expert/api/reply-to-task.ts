import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageSchema } from '@unstuck/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { taskMessagesQueryKey } from './get-task-messages.ts';

/** `POST /api/expert/tasks/{id}/messages`: a reply in the customer's conversation, under the expert's name. */
export const replyToTask = (input: { taskId: string; content: string }) =>
  apiRequest(`/api/expert/tasks/${encodeURIComponent(input.taskId)}/messages`, {
    method: 'POST',
    identity: 'bearer',
    body: { content: input.content },
    schema: messageSchema,
  });

export function useReplyToTask(taskId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (content: string) => replyToTask({ taskId, content }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: taskMessagesQueryKey(taskId) }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageSchema } from '@unstuck/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { expertTaskQueryKey } from './get-expert-task.ts';

/** A reply of the expert holding the task: Markdown text and files. */
export interface TaskReply {
  content: string;
  files: File[];
}

/**
 * `POST /api/expert/tasks/{id}/messages`: a reply in the customer's conversation, under the
 * expert's name. Multipart like the customer's messages: the text, then each file as a `file` part.
 */
export const replyToTask = (taskId: string, { content, files }: TaskReply) => {
  const form = new FormData();
  form.append('content', content);
  for (const file of files) form.append('file', file, file.name);
  return apiRequest(`/api/expert/tasks/${encodeURIComponent(taskId)}/messages`, {
    method: 'POST',
    identity: 'bearer',
    body: form,
    schema: messageSchema,
  });
};

/** Sends a reply; the task's view reads the conversation again after it. */
export function useReplyToTask(taskId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reply: TaskReply) => replyToTask(taskId, reply),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: expertTaskQueryKey(taskId) }),
  });
}

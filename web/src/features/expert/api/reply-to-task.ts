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
 * expert's name: JSON `{ content }`, or with files multipart like the customer's messages (the text,
 * then each file as a `file` part).
 */
export const replyToTask = (taskId: string, { content, files }: TaskReply) => {
  let body: unknown = { content };
  if (files.length > 0) {
    const form = new FormData();
    form.append('content', content);
    for (const file of files) form.append('file', file, file.name);
    body = form;
  }
  return apiRequest(`/api/expert/tasks/${encodeURIComponent(taskId)}/messages`, {
    method: 'POST',
    identity: 'bearer',
    body,
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

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
// Types only: the chat is the first view, which loads no zod (decision 056); the server checks its answers.
import type { TaskRatingRequest, UserTask } from '@unstuck/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { inboxQueryKey } from '../../../lib/inbox.ts';

export const conversationTaskQueryKey = (conversationId: string) => ['conversations', conversationId, 'task'] as const;

/** Beside the refresh on each event line: an expert's status change shows within this much. */
const TASK_POLL_MS = 15_000;

/** `GET /api/v2/conversations/{id}/task`: the conversation's task as its customer sees it (status, expert, Confirm/Reopen, rating). */
export const getConversationTask = (conversationId: string, signal?: AbortSignal) =>
  apiRequest<UserTask>(`/api/v2/conversations/${encodeURIComponent(conversationId)}/task`, { identity: 'bearer', signal });

/**
 * The task of a conversation handed to the experts, for its signed-in customer; `enabled` false
 * (a guest, nothing accepted yet) asks nothing. `version` changes when the conversation shows a new
 * event line, and the task is read again then.
 */
export function useConversationTask(conversationId: string | null, enabled: boolean, version: string) {
  return useQuery({
    queryKey: [...conversationTaskQueryKey(conversationId ?? ''), version],
    queryFn: ({ signal }) => getConversationTask(conversationId ?? '', signal),
    enabled: enabled && conversationId !== null,
    refetchInterval: TASK_POLL_MS,
    placeholderData: (previous) => previous,
    retry: false,
  });
}

type TaskAction = { kind: 'confirm' } | { kind: 'reopen' } | { kind: 'rate'; rating: TaskRatingRequest };

const actOn = (taskId: string, action: TaskAction): Promise<UserTask> => {
  const path = `/api/v2/user/tasks/${encodeURIComponent(taskId)}`;
  if (action.kind === 'rate') return apiRequest<UserTask>(`${path}/rating`, { method: 'POST', identity: 'bearer', body: action.rating });
  return apiRequest<UserTask>(`${path}/${action.kind}`, { method: 'POST', identity: 'bearer' });
};

/**
 * The customer's answers to done work: Confirm, Reopen and the rating. The task, the conversation
 * (its new event line), the inbox and the dashboard's jobs are read again after each.
 */
export function useTaskAction(taskId: string, conversationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: TaskAction) => actOn(taskId, action),
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['conversations', conversationId] }),
        queryClient.invalidateQueries({ queryKey: inboxQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['user-tasks'] }),
      ]);
    },
  });
}

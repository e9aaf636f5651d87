import { useQuery } from '@tanstack/react-query';
import { adminMessageListSchema } from '@unstuck/contract';
import { apiRequest } from '../../../lib/api-client.ts';

export const taskMessagesQueryKey = (taskId: string) => ['expert', 'tasks', taskId, 'messages'] as const;

/** `GET /api/expert/tasks/{id}/messages`: the task's conversation, staff notes included. */
export const getTaskMessages = async (taskId: string) =>
  (await apiRequest(`/api/expert/tasks/${encodeURIComponent(taskId)}/messages`, { identity: 'bearer', schema: adminMessageListSchema }))
    .messages;

export const useTaskMessages = (taskId: string, enabled: boolean) =>
  useQuery({ queryKey: taskMessagesQueryKey(taskId), queryFn: () => getTaskMessages(taskId), enabled, retry: false });

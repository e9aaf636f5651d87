import { useQuery } from '@tanstack/react-query';
import { expertTaskDetailSchema } from '@unstuck/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { expertTasksQueryKey } from './get-expert-tasks.ts';

export const expertTaskQueryKey = (taskId: string) => [...expertTasksQueryKey, taskId] as const;

/**
 * Polling beside the conversation's event stream: the task's status and brief change without an
 * event, and a blocked stream must cost speed, never messages.
 */
const TASK_POLL_MS = 5_000;

/** `GET /api/expert/tasks/{id}`: the brief, the repository and, for its holder and admins, the conversation. */
export const getExpertTask = (taskId: string, signal?: AbortSignal) =>
  apiRequest(`/api/expert/tasks/${encodeURIComponent(taskId)}`, { identity: 'bearer', schema: expertTaskDetailSchema, signal });

/** One task of the expert workspace, refreshed every 5 s while its view is open. */
export const useExpertTask = (taskId: string) =>
  useQuery({
    queryKey: expertTaskQueryKey(taskId),
    queryFn: ({ signal }) => getExpertTask(taskId, signal),
    retry: false,
    refetchInterval: TASK_POLL_MS,
  });

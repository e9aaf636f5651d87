import { useQuery } from '@tanstack/react-query';
import { expertTaskListSchema } from '@unstuck/contract';
import { apiRequest } from '../../../lib/api-client.ts';

export const expertTasksQueryKey = ['expert', 'tasks'] as const;

/** `GET /api/expert/tasks`: accepted, in-progress and done tasks. */
export const getExpertTasks = async () =>
  (await apiRequest('/api/expert/tasks', { identity: 'bearer', schema: expertTaskListSchema })).tasks;

/** The queue, refreshed every 30 s so a task another expert takes leaves the waiting list. */
export const useExpertTasks = () =>
  useQuery({ queryKey: expertTasksQueryKey, queryFn: getExpertTasks, retry: false, refetchInterval: 30_000 });

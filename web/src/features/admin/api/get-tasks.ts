import { useQuery } from '@tanstack/react-query';
import { adminTaskListSchema } from '@unstuck/contract';
import { pollWhileAnalysing } from '../../../components/code-analysis.tsx';
import { apiRequest } from '../../../lib/api-client.ts';
import { ADMIN_QUERY_ROOT } from './admin-errors.ts';

export const tasksQueryKey = [...ADMIN_QUERY_ROOT, 'tasks'] as const;

/** `GET /api/v2/tasks` (docs/product.md "Calls", admins): every task, newest first. */
export const getTasks = () => apiRequest('/api/v2/tasks', { identity: 'bearer', schema: adminTaskListSchema });

/** The task list, asked again while a task's code analysis is pending (its figures arrive by themselves). */
export const useTasks = () =>
  useQuery({ queryKey: tasksQueryKey, queryFn: getTasks, retry: false, refetchInterval: (query) => pollWhileAnalysing(query.state.data) });

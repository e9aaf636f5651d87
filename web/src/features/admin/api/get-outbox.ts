import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { outboxEmailSchema, outboxResponseSchema } from '@unstuck/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { ADMIN_QUERY_ROOT } from './admin-errors.ts';

export const outboxQueryKey = [...ADMIN_QUERY_ROOT, 'outbox'] as const;
const PAGE = 50;

/** `GET /api/admin/outbox`: a page of emails older than `before`, newest first. */
export const getOutbox = (before: number | null) =>
  apiRequest(`/api/admin/outbox?limit=${PAGE}${before ? `&before=${before}` : ''}`, { identity: 'bearer', schema: outboxResponseSchema });

/** The emails the server made, a page at a time. */
export const useOutbox = () =>
  useInfiniteQuery({
    queryKey: outboxQueryKey,
    queryFn: ({ pageParam }) => getOutbox(pageParam),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.next_before,
    retry: false,
  });

/** `GET /api/admin/outbox/{id}`: one email with its headers and bodies. */
export const getOutboxEmail = (id: number) => apiRequest(`/api/admin/outbox/${id}`, { identity: 'bearer', schema: outboxEmailSchema });

/** One email, loaded when an admin opens it. */
export const useOutboxEmail = (id: number | null) =>
  useQuery({
    queryKey: [...outboxQueryKey, id],
    queryFn: () => getOutboxEmail(id!),
    enabled: id !== null,
    retry: false,
  });

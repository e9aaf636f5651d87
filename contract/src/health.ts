import { z } from 'zod';

/**
 * Answer of `GET /api/health`.
 * - 200 `ok`: the database answers; `identity` is `ok`, or `unavailable` when no identity provider is
 *   configured and the embedded one is off (guests are served; restarting would not help, so a load
 *   balancer must not take the instance out).
 * - 503 `starting`: the embedded provider starts just after the server listens (`identity: 'starting'`).
 * - 503 `error`: the database does not answer.
 */
export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'starting', 'error']),
  database: z.enum(['ok', 'error']),
  identity: z.enum(['ok', 'starting', 'unavailable']),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;

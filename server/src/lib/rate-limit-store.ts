import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rateLimits } from '../db/schema.ts';

/** What @fastify/rate-limit expects of a store: count one hit, answer the count and the window left (ms). */
type IncrCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** Hits between two sweeps of expired counters. */
const SWEEP_EVERY = 500;

/**
 * A @fastify/rate-limit store in the database, so that every instance behind a load balancer
 * counts the same hits (ARCHITECTURE.md: nothing shared lives in one process's memory). Fixed
 * windows, like the plugin's own stores; the database's clock decides them.
 * @returns the store class to pass as the plugin's `store` option.
 */
export function createDatabaseRateLimitStore(db: Db) {
  let hits = 0;
  return class DatabaseRateLimitStore implements FastifyRateLimitStore {
    private readonly prefix: string;

    // The plugin constructs the global store with its settings object; route stores come from child().
    constructor(prefix?: unknown) {
      this.prefix = typeof prefix === 'string' ? prefix : 'rate-limit:';
    }

    incr(key: string, callback: IncrCallback, timeWindowMs: number): void {
      hits += 1;
      const sweep = hits % SWEEP_EVERY === 0 ? db.delete(rateLimits).where(sql`${rateLimits.windowEndsAt} < now()`) : Promise.resolve();
      sweep
        .then(() =>
          db.execute(sql`
            insert into rate_limits (key, count, window_ends_at)
            values (${this.prefix + key}, 1, now() + ${timeWindowMs} * interval '1 millisecond')
            on conflict (key) do update set
              count = case when rate_limits.window_ends_at <= now() then 1 else rate_limits.count + 1 end,
              window_ends_at = case when rate_limits.window_ends_at <= now() then excluded.window_ends_at
                                    else rate_limits.window_ends_at end
            returning count, extract(epoch from (window_ends_at - now())) * 1000 as ttl_ms`),
        )
        .then((result) => {
          // Both drivers answer `{ rows }`; numeric comes back as a string from node-postgres.
          const row = (result as { rows: Array<{ count: number; ttl_ms: number | string }> }).rows[0];
          callback(null, { current: Number(row?.count ?? 1), ttl: Math.max(0, Math.round(Number(row?.ttl_ms ?? timeWindowMs))) });
        })
        .catch((error: Error) => callback(error));
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]) {
      // At run time the plugin passes its merged settings with the route as `routeInfo` (its own
      // Redis store reads the same); each route counts apart.
      const route = (routeOptions as unknown as { routeInfo?: { method?: string; url?: string } }).routeInfo;
      return new DatabaseRateLimitStore(`${this.prefix}${route?.method ?? ''}${route?.url ?? ''}:`);
    }
  };
}

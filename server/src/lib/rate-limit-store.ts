import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rateLimits } from '../db/schema.ts';

/** What @fastify/rate-limit expects of a store: count one hit, answer the count and the window left (ms). */
type IncrCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** A counter's state: hits in the current window and the milliseconds the window has left. */
export interface CounterState {
  count: number;
  ttlMs: number;
}

/** Hits between two sweeps of expired counters. */
const SWEEP_EVERY = 500;
let hits = 0;

/**
 * Counts one hit (or `amount` units, e.g. KiB uploaded) on `key` in a fixed window of `windowMs` that
 * starts with the key's first hit (the database's clock decides). Every instance shares the counter
 * (ARCHITECTURE.md: nothing shared lives in one process's memory).
 * @param amount what this hit adds, a positive integer (the column is a 32-bit integer).
 * @returns the count including this hit, and the window left.
 */
export async function countHit(db: Db, key: string, windowMs: number, amount = 1): Promise<CounterState> {
  hits += 1;
  if (hits % SWEEP_EVERY === 0) await db.delete(rateLimits).where(sql`${rateLimits.windowEndsAt} < now()`);
  const result = await db.execute(sql`
    insert into rate_limits (key, count, window_ends_at)
    values (${key}, ${amount}, now() + ${windowMs} * interval '1 millisecond')
    on conflict (key) do update set
      count = case when rate_limits.window_ends_at <= now() then excluded.count else rate_limits.count + excluded.count end,
      window_ends_at = case when rate_limits.window_ends_at <= now() then excluded.window_ends_at
                            else rate_limits.window_ends_at end
    returning count, extract(epoch from (window_ends_at - now())) * 1000 as ttl_ms`);
  return toState(result, windowMs);
}

/**
 * Reads a counter without counting.
 * @returns its state, or null when the key has no hits in a current window.
 */
export async function readCount(db: Db, key: string): Promise<CounterState | null> {
  const result = await db.execute(sql`
    select count, extract(epoch from (window_ends_at - now())) * 1000 as ttl_ms
    from rate_limits where ${eq(rateLimits.key, key)} and window_ends_at > now()`);
  return rowsOf(result).length > 0 ? toState(result, 0) : null;
}

// Both drivers answer `{ rows }`; numeric comes back as a string from node-postgres.
const rowsOf = (result: unknown) => (result as { rows: Array<{ count: number; ttl_ms: number | string }> }).rows;

function toState(result: unknown, fallbackTtlMs: number): CounterState {
  const row = rowsOf(result)[0];
  return { count: Number(row?.count ?? 1), ttlMs: Math.max(0, Math.round(Number(row?.ttl_ms ?? fallbackTtlMs))) };
}

/**
 * A @fastify/rate-limit store in the database, so that every instance behind a load balancer
 * counts the same hits. Fixed windows, like the plugin's own stores.
 * @returns the store class to pass as the plugin's `store` option.
 */
export function createDatabaseRateLimitStore(db: Db) {
  return class DatabaseRateLimitStore implements FastifyRateLimitStore {
    private readonly prefix: string;

    // The plugin constructs the global store with its settings object; route stores come from child().
    constructor(prefix?: unknown) {
      this.prefix = typeof prefix === 'string' ? prefix : 'rate-limit:';
    }

    incr(key: string, callback: IncrCallback, timeWindowMs: number): void {
      countHit(db, this.prefix + key, timeWindowMs)
        .then((state) => callback(null, { current: state.count, ttl: state.ttlMs }))
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

import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import { eq, inArray, sql, type SQL } from 'drizzle-orm';
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
  await sweepNow(db);
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

/** Now and then, deletes the counters whose window has ended (the table would otherwise only grow). */
async function sweepNow(db: Db): Promise<void> {
  hits += 1;
  if (hits % SWEEP_EVERY === 0) await db.delete(rateLimits).where(sql`${rateLimits.windowEndsAt} < now()`);
}

/**
 * How many rows one spread counter ({@link countSpreadHits}) spans: concurrent hits of one key land on
 * different rows, so they rarely wait for each other's row lock (docs/decisions/058-spread-address-counters.md).
 */
export const COUNTER_SHARDS = 8;

/** One hit of {@link countSpreadHits}: `amount` on `key` in a window of `windowMs`, counted only `when` it holds. */
export interface SpreadHit {
  key: string;
  windowMs: number;
  /** A positive integer (the column is a 32-bit integer). */
  amount: number;
  /** A condition the database evaluates; false: this hit is not counted (its state is null). */
  when?: SQL;
}

/**
 * Counts several hits in one statement, each on a counter spread over {@link COUNTER_SHARDS} rows
 * (`key#0` …): the hit goes to a random row, and the count is the sum of the key's rows whose fixed
 * window (starting with that row's first hit, as in {@link countHit}) is still running. Hits of one
 * key from concurrent requests thus seldom queue behind one row lock; the price is that hits still in
 * flight on other rows are not seen, so a burst can pass the limit by at most the number of requests
 * counted at the same instant. Every instance shares the rows, as with {@link countHit}.
 * @returns per hit, in order: the count including this hit and the longest window left (ms), or null
 *   when its `when` was false.
 */
export async function countSpreadHits(db: Db, spread: SpreadHit[]): Promise<Array<CounterState | null>> {
  if (spread.length === 0) return [];
  await sweepNow(db);
  const shard = Math.floor(Math.random() * COUNTER_SHARDS);
  const rows = spread.map((hit) => ({
    key: hit.key,
    own: `${hit.key}#${shard}`,
    all: Array.from({ length: COUNTER_SHARDS }, (_, i) => `${hit.key}#${i}`),
  }));
  const sources = spread.map(
    (hit, i) =>
      sql`select ${rows[i]!.own}::text as key, ${hit.amount}::integer as amount, ${hit.windowMs}::float8 as window_ms where ${hit.when ?? sql`true`}`,
  );
  const keys = sql.join(
    rows.map(
      (row, i) =>
        sql`(${i}::integer, ${row.own}::text, array[${sql.join(
          row.all.map((key) => sql`${key}`),
          sql`, `,
        )}]::text[])`,
    ),
    sql`, `,
  );
  // The other rows are read as of the statement's start, which excludes this hit: the own row's
  // value comes from the upsert's RETURNING instead.
  const result = await db.execute(sql`
    with hit as (
      insert into rate_limits (key, count, window_ends_at)
      select key, amount, now() + window_ms * interval '1 millisecond' from (${sql.join(sources, sql` union all `)}) as source
      on conflict (key) do update set
        count = case when rate_limits.window_ends_at <= now() then excluded.count else rate_limits.count + excluded.count end,
        window_ends_at = case when rate_limits.window_ends_at <= now() then excluded.window_ends_at
                              else rate_limits.window_ends_at end
      returning key, count, window_ends_at
    )
    select k.i, hit.count + coalesce(other.count, 0) as count,
           extract(epoch from (greatest(hit.window_ends_at, other.window_ends_at) - now())) * 1000 as ttl_ms
    from (values ${keys}) as k (i, own, all_keys)
    join hit on hit.key = k.own
    left join lateral (
      select sum(r.count)::integer as count, max(r.window_ends_at) as window_ends_at from rate_limits r
      where r.key = any(k.all_keys) and r.key <> k.own and r.window_ends_at > now()
    ) other on true`);
  const states: Array<CounterState | null> = spread.map(() => null);
  for (const row of (result as { rows: Array<{ i: number; count: number; ttl_ms: number | string }> }).rows) {
    states[Number(row.i)] = { count: Number(row.count), ttlMs: Math.max(0, Math.round(Number(row.ttl_ms))) };
  }
  return states;
}

/**
 * Reads a counter spread by {@link countSpreadHits} without counting: the sum of its rows whose window
 * is still running.
 * @returns the count and the longest window left (ms), or null when the key has no hits in a current window.
 */
export async function readSpreadCount(db: Db, key: string): Promise<CounterState | null> {
  const keys = Array.from({ length: COUNTER_SHARDS }, (_, i) => `${key}#${i}`);
  const result = await db.execute(sql`
    select sum(count)::integer as count, extract(epoch from (max(window_ends_at) - now())) * 1000 as ttl_ms
    from rate_limits where ${inArray(rateLimits.key, keys)} and window_ends_at > now()`);
  const row = rowsOf(result)[0];
  return row && row.count !== null ? toState(result, 0) : null;
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

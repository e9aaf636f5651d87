/**
 * A bounded in-memory cache whose entries live at most `ttlMs` (real time), for checks the hot read
 * paths would otherwise ask the database on every request (docs/decisions/016-polls-from-memory.md).
 * Loads of one key under way are shared; a failed load is not kept.
 */
export class TtlCache<K, V> {
  private readonly entries = new Map<K, { value: Promise<V>; expiresAt: number }>();

  /**
   * @param ttlMs how long an answer is reused, in milliseconds.
   * @param maxEntries the most keys kept; the oldest go first.
   */
  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
  ) {}

  /**
   * @param reuse false asks `load` anyway (a path that must not act on a stale answer) and keeps its answer.
   * @returns the kept answer for `key`, or the one `load` gives (then kept for ttlMs).
   */
  getOrLoad(key: K, load: () => Promise<V>, reuse = true): Promise<V> {
    const now = Date.now();
    const kept = this.entries.get(key);
    if (reuse && kept && kept.expiresAt > now) return kept.value;
    this.entries.delete(key);
    const value = load();
    this.entries.set(key, { value, expiresAt: now + this.ttlMs });
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value as K);
    return value;
  }

  /** Forgets every key `matches` accepts (e.g. this instance just changed what they say). */
  deleteWhere(matches: (key: K) => boolean): void {
    for (const key of this.entries.keys()) if (matches(key)) this.entries.delete(key);
  }
}

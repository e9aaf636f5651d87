import type { ExpertResponse } from '@unstuck/contract';
import type { AppDeps } from '../../app-deps.ts';
import type { Db } from '../../db/client.ts';
import { measureFirstExpertReplies } from './tasks.repository.ts';

/** The window measured (issue 28): the last 30 days' first replies. */
const WINDOW_MS = 30 * 24 * 60 * 60 * 1000;
/** Fewer measured tasks than this say too little: the configured default stands in. */
export const MIN_MEASURED_TASKS = 5;
/** How long one computed figure is served before the database is asked again. */
export const EXPERT_RESPONSE_CACHE_MS = 5 * 60 * 1000;

type ExpertResponseDeps = Pick<AppDeps, 'db' | 'clock'> & { config: Pick<AppDeps['config'], 'EXPERT_RESPONSE_DEFAULT_MINUTES'> };

// One cached figure per database (each app, each test app has its own), so tests do not share it.
const cache = new WeakMap<Db, { value: ExpertResponse | null; expiresAt: number }>();

/**
 * The expected first reply of an expert after a proposal is accepted (docs/product.md "Expected first
 * reply"): the median minutes from acceptance to an expert's first message, over the tasks whose first
 * reply came in the last 30 days, when at least {@link MIN_MEASURED_TASKS} had one (rounded up to whole
 * minutes, at least 1); else `EXPERT_RESPONSE_DEFAULT_MINUTES`; else null (nothing is promised).
 * Computed in the database and kept {@link EXPERT_RESPONSE_CACHE_MS} (by `deps.clock`). Used by
 * `GET /api/config` and by agent-1 when it tells the person what happens next.
 */
export async function expectedExpertResponse(deps: ExpertResponseDeps): Promise<ExpertResponse | null> {
  const now = deps.clock.now().getTime();
  const cached = cache.get(deps.db);
  if (cached && cached.expiresAt > now) return cached.value;
  const measured = await measureFirstExpertReplies(deps.db, new Date(now - WINDOW_MS));
  const fallback = deps.config.EXPERT_RESPONSE_DEFAULT_MINUTES;
  const value: ExpertResponse | null =
    measured.medianMinutes !== null && measured.tasks >= MIN_MEASURED_TASKS
      ? { medianMinutes: Math.max(1, Math.ceil(measured.medianMinutes)), basis: 'measured', tasks: measured.tasks }
      : fallback !== undefined
        ? { medianMinutes: fallback, basis: 'default', tasks: measured.tasks }
        : null;
  cache.set(deps.db, { value, expiresAt: now + EXPERT_RESPONSE_CACHE_MS });
  return value;
}

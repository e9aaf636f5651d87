import { useEffect } from 'react';
import { tokenLifetime } from '../../../lib/auth-claims.ts';
import { refreshDelayMs } from '../utils/refresh-schedule.ts';

/** After a failed renewal (offline, server restarting), try again this much later. */
const RETRY_MS = 30_000;

/**
 * Renews the token before it expires. `refresh` replaces the token on success (which schedules the
 * next renewal) and signs out when the server refuses it; other failures are retried until expiry.
 */
export function useTokenRefresh(token: string | null, refresh: () => Promise<unknown>): void {
  useEffect(() => {
    if (!token) return;
    const lifetime = tokenLifetime(token);
    const delay = refreshDelayMs(lifetime, Date.now());
    if (delay === null) return;
    let timer: ReturnType<typeof setTimeout>;
    const attempt = () => {
      refresh().catch((error: unknown) => {
        console.warn('Renewing the sign-in failed:', error instanceof Error ? error.message : error);
        if (lifetime.expiresAt !== null && Date.now() + RETRY_MS < lifetime.expiresAt * 1000) timer = setTimeout(attempt, RETRY_MS);
      });
    };
    timer = setTimeout(attempt, delay);
    return () => clearTimeout(timer);
  }, [token, refresh]);
}

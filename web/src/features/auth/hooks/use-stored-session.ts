import { useCallback, useEffect, useState } from 'react';
import { userFromToken, type AuthUser } from '../../../lib/auth-claims.ts';
import { getAuthToken, setAuthToken, STORAGE_KEYS } from '../../../lib/storage.ts';

interface StoredSession {
  token: string | null;
  user: AuthUser | null;
}

/**
 * The stored token and the profile its claims describe. An expired or unreadable token is
 * forgotten, so that requests go out as a guest instead of failing with 401.
 */
function readStoredSession(): StoredSession {
  const token = getAuthToken();
  const user = token ? userFromToken(token) : null;
  if (token && !user) setAuthToken(null);
  return user ? { token, user } : { token: null, user: null };
}

/** The token in local storage as React state, kept in step with other tabs. */
export function useStoredSession() {
  const [session, setSession] = useState(readStoredSession);

  useEffect(() => {
    // Another tab signed in or out.
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || event.key === STORAGE_KEYS.authToken || event.key === STORAGE_KEYS.legacyAuthToken) {
        setSession(readStoredSession());
      }
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  /** Stores a token (the profile is read from its claims). */
  const store = useCallback((token: string) => {
    setAuthToken(token);
    setSession(readStoredSession());
  }, []);

  /** Forgets the token. */
  const clear = useCallback(() => {
    setAuthToken(null);
    setSession({ token: null, user: null });
  }, []);

  return { session, store, clear };
}

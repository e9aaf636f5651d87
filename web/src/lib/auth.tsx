import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { userFromToken, type AuthUser } from './auth-claims.ts';
import { getAuthToken, setAuthToken, STORAGE_KEYS } from './storage.ts';

export type { AuthUser } from './auth-claims.ts';

export interface AuthContextValue {
  /** `loading` while the sign-in state is being determined (spec §2: a spinner is shown). */
  status: 'loading' | 'ready';
  user: AuthUser | null;
  /** Our API token, sent as Bearer by the HTTP client (read from storage there). */
  token: string | null;
  /**
   * Starts sign-in with the identity provider. Null while no provider is wired: callers then tell the
   * visitor sign-in is unavailable (spec §8 "Sign-in function missing").
   */
  signIn: (() => Promise<void>) | null;
  /** Completes a sign-in: stores the token, which makes `user` and `token` available. */
  acceptToken: (token: string) => void;
  signOut: () => void;
}

const AuthContext = createContext<AuthContextValue | null>(null);

function currentSession(): { token: string | null; user: AuthUser | null } {
  const token = getAuthToken();
  const user = token ? userFromToken(token) : null;
  return user ? { token, user } : { token: null, user: null };
}

export interface AuthProviderProps {
  children: ReactNode;
  /** The identity provider's sign-in; the sign-in issue supplies it. */
  signIn?: () => Promise<void>;
}

export function AuthProvider({ children, signIn }: AuthProviderProps) {
  const [session, setSession] = useState(currentSession);

  useEffect(() => {
    // Another tab signed in or out.
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || event.key === STORAGE_KEYS.authToken || event.key === STORAGE_KEYS.legacyAuthToken) {
        setSession(currentSession());
      }
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const acceptToken = useCallback((token: string) => {
    setAuthToken(token);
    setSession(currentSession());
  }, []);

  const signOut = useCallback(() => {
    setAuthToken(null);
    setSession({ token: null, user: null });
  }, []);

  const value = useMemo<AuthContextValue>(
    () => ({ status: 'ready', ...session, signIn: signIn ?? null, acceptToken, signOut }),
    [session, signIn, acceptToken, signOut],
  );
  return <AuthContext value={value}>{children}</AuthContext>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}

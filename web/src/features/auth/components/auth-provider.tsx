import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { isApiError } from '../../../lib/api-client.ts';
import { userFromToken } from '../../../lib/auth-claims.ts';
import { AuthContext, type AuthContextValue } from '../../../lib/auth.tsx';
import { getAuthToken, readLocal, setCurrentConversationId, STORAGE_KEYS, writeLocal } from '../../../lib/storage.ts';
import { authProvidersQueryOptions } from '../api/get-auth-providers.ts';
import { logout } from '../api/logout.ts';
import { refreshSession } from '../api/refresh-session.ts';
import { useRedirectResult } from '../hooks/use-redirect-result.ts';
import { useStoredSession } from '../hooks/use-stored-session.ts';
import { useTokenRefresh } from '../hooks/use-token-refresh.ts';
import { finishSignIn } from '../sign-in/finish-sign-in.ts';
import { startSignIn } from '../sign-in/start-sign-in.ts';
import { pathToRestore, RESTORE_PATH_DELAY_MS } from '../utils/redirect-path.ts';

const currentPath = () => `${window.location.pathname}${window.location.search}`;

/**
 * Sign-in for the whole app (docs/decisions/004-sign-in.md): holds the token, signs in
 * by popup or redirect as the server says, finishes a redirect's result, renews the token before
 * it expires and signs out on the server. Rendered inside the router: after sign-in it takes the
 * visitor back to the path they left.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { session, store, clear } = useStoredSession();
  const [returnTo, setReturnTo] = useState<string | null>(null);
  // Fetched ahead: a popup must open while the click still counts as the visitor's.
  useQuery(authProvidersQueryOptions);

  const complete = useCallback(
    async (code: string, fallbackReturnTo: string | null) => {
      const finished = await finishSignIn(code, fallbackReturnTo);
      store(finished.token);
      setReturnTo(finished.returnTo);
    },
    [store],
  );
  const loading = useRedirectResult(complete);

  // docs/product.md "Entities" "On sign-in": back to the path left, 0.5 s later, unless it is / or where we are.
  useEffect(() => {
    if (returnTo === null) return;
    const timer = setTimeout(() => {
      setReturnTo(null);
      const target = pathToRestore(returnTo, currentPath());
      if (target) void navigate(target);
    }, RESTORE_PATH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [returnTo, navigate]);

  const signIn = useCallback(async () => {
    const started = await startSignIn(
      () => queryClient.fetchQuery(authProvidersQueryOptions),
      readLocal(STORAGE_KEYS.authRedirectPath) ?? currentPath(),
    );
    if (started.kind === 'code') await complete(started.code, null);
  }, [queryClient, complete]);

  const refresh = useCallback(async () => {
    if (!getAuthToken()) return null;
    try {
      const { token } = await refreshSession();
      store(token);
      return userFromToken(token);
    } catch (error) {
      // Expired, revoked or the account is gone: this browser is signed out.
      if (isApiError(error) && error.code === 'unauthenticated') {
        clear();
        return null;
      }
      throw error;
    }
  }, [store, clear]);
  useTokenRefresh(session.token, refresh);

  const signOut = useCallback(async () => {
    if (getAuthToken()) {
      try {
        await logout();
      } catch (error) {
        // The server already refuses the token, which is what signing out wants.
        if (!(isApiError(error) && error.code === 'unauthenticated')) {
          throw new Error(`Logout failed: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
    }
    clear();
    // The conversation now belongs to the account: a guest could not read it.
    setCurrentConversationId(null);
    writeLocal(STORAGE_KEYS.preAuthConversationId, null);
  }, [clear]);

  const value = useMemo<AuthContextValue>(
    () => ({ status: loading ? 'loading' : 'ready', ...session, signIn, acceptToken: store, signOut, refresh }),
    [loading, session, signIn, store, signOut, refresh],
  );
  return <AuthContext value={value}>{children}</AuthContext>;
}

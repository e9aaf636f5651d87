import { createContext, useContext } from 'react';
import type { AuthUser } from './auth-claims.ts';

export type { AuthUser } from './auth-claims.ts';

/**
 * The sign-in state every page reads. The provider that fills it lives in features/auth (it talks
 * to the sign-in API); pages and other features only see this shape.
 */
export interface AuthContextValue {
  /** `loading` while the sign-in state is being determined (docs/product.md "Screens": a spinner is shown). */
  status: 'loading' | 'ready';
  user: AuthUser | null;
  /** Our API token, sent as Bearer by the HTTP client (read from storage there). */
  token: string | null;
  /**
   * Starts sign-in with the identity provider. Popup mode resolves once signed in, or silently when
   * the visitor closed the popup; redirect mode resolves as the page leaves. Rejects with an Error
   * whose message is docs/product.md "Errors" text to show.
   */
  signIn: () => Promise<void>;
  /** Takes a token handed to the page (the minimal debug dashboard's `?token=`). */
  acceptToken: (token: string) => void;
  /** Revokes the token on the server and forgets it. Rejects with "Logout failed: {message}". */
  signOut: () => Promise<void>;
  /**
   * Re-issues the token with the claims the server holds now (docs/product.md "Roles": admin pages force this).
   * Resolves to the fresh user, or null when the server no longer accepts the token (then signed out).
   */
  refresh: () => Promise<AuthUser | null>;
}

/** Filled by features/auth's AuthProvider. */
export const AuthContext = createContext<AuthContextValue | null>(null);

/** The sign-in state; only inside the AuthProvider. */
export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}

import { Outlet } from 'react-router';
import { hasRedirectResult } from '../features/auth/hooks/use-redirect-result.ts';
import { AuthContext, type AuthContextValue } from '../lib/auth.tsx';
import { getAuthToken, getCurrentConversationId, keptChatDraft } from '../lib/storage.ts';

const notOnTheServer = () => Promise.reject(new Error('A page painted ahead of the browser has no sign-in'));

/**
 * A visitor the page knows nothing about yet: not signed in, nothing stored. Pages painted before the
 * browser runs (the build's first views, first-view.tsx; the server's share page, server-render.tsx) are
 * drawn for them.
 */
export const firstVisit: AuthContextValue = {
  status: 'ready',
  user: null,
  token: null,
  signIn: notOnTheServer,
  acceptToken: () => undefined,
  signOut: notOnTheServer,
  refresh: () => Promise.resolve(null),
};

/**
 * Whether this browser's visitor is {@link firstVisit}, as far as the home page shows (browser only): no sign-in
 * stored or arriving in the address, no conversation and no unsent text kept. Only for such a visitor is the home
 * page painted at build what the browser would draw, so that it may be hydrated
 * (docs/decisions/098-hydrated-first-views.md); anyone else's home is drawn over it.
 */
export function isFirstVisit(): boolean {
  return getAuthToken() === null && !hasRedirectResult() && getCurrentConversationId() === null && keptChatDraft() === null;
}

/** RootLayout's place in a page painted ahead of the browser: the same routes, for a first visit. */
export function SignedOutLayout() {
  return (
    <AuthContext value={firstVisit}>
      <Outlet />
    </AuthContext>
  );
}

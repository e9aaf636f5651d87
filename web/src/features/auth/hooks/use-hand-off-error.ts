import { useQueryClient } from '@tanstack/react-query';
import { AUTH_MESSAGE_TYPE, isSignInErrorCode } from '@unstuck/contract';
import { useEffect } from 'react';
import { authProvidersQueryOptions } from '../api/get-auth-providers.ts';
import { handOffToOpener } from '../sign-in/handoff.ts';

/**
 * On /login-error in popup mode this page may be a popup cut off from its opener (./handoff.ts):
 * the error goes to the page waiting for it, which shows it, and the popup closes.
 */
export function useHandOffError(code: string | null): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!isSignInErrorCode(code)) return;
    void (async () => {
      const providers = await queryClient.fetchQuery(authProvidersQueryOptions).catch(() => null);
      if (providers?.mode === 'popup' && (await handOffToOpener({ type: AUTH_MESSAGE_TYPE, error: code }))) window.close();
    })();
  }, [code, queryClient]);
}

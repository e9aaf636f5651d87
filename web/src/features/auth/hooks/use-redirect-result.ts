import { useQueryClient } from '@tanstack/react-query';
import { AUTH_MESSAGE_TYPE } from '@unstuck/contract';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { authProvidersQueryOptions } from '../api/get-auth-providers.ts';
import { handOffToOpener } from '../sign-in/handoff.ts';

/** docs/product.md "Limits" "Redirect-result check": 100 ms after the page loads. */
const REDIRECT_RESULT_DELAY_MS = 100;

/** Whether the address carries a redirect sign-in's result (`auth_code`), which the page finishes before it is ready. */
export const hasRedirectResult = () => new URLSearchParams(window.location.search).has('auth_code');

/**
 * Picks up a redirect sign-in's result: our server sends the browser back to
 * `/?auth_code=…&return_to=…`. 100 ms after load the code is handed to `finish`, then the URL is
 * cleaned; a failure opens /login-error with its text. In popup mode this page may be a popup cut
 * off from its opener: the code then goes to the page waiting for it, and the popup closes.
 * @returns true while a result is waiting or being finished (the sign-in state is loading).
 */
export function useRedirectResult(finish: (code: string, returnTo: string | null) => Promise<void>): boolean {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(hasRedirectResult);
  const started = useRef(false);
  const onResult = useEffectEvent(finish);

  useEffect(() => {
    if (!pending) return;
    const timer = setTimeout(() => {
      // Once per page: the code is single-use (and StrictMode runs effects twice).
      if (started.current) return;
      started.current = true;
      const params = new URLSearchParams(window.location.search);
      const code = params.get('auth_code') ?? '';
      const returnTo = params.get('return_to');
      params.delete('auth_code');
      params.delete('return_to');
      const query = params.toString();
      const cleaned = `${window.location.pathname}${query ? `?${query}` : ''}`;

      const handedOff = async () => {
        const providers = await queryClient.fetchQuery(authProvidersQueryOptions).catch(() => null);
        if (providers?.mode !== 'popup' || !(await handOffToOpener({ type: AUTH_MESSAGE_TYPE, code }))) return false;
        window.close();
        return true;
      };
      handedOff()
        .then((done) => (done ? undefined : onResult(code, returnTo)))
        .then(() => navigate(cleaned, { replace: true }))
        .catch((error: unknown) =>
          navigate('/login-error', { replace: true, state: { message: error instanceof Error ? error.message : String(error) } }),
        )
        .finally(() => setPending(false));
    }, REDIRECT_RESULT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [pending, navigate, queryClient]);

  return pending;
}

import { useCallback, useEffect, useEffectEvent, useRef, useState } from 'react';
import { isApiError } from '../../../lib/api-client.ts';
import { readSession, STORAGE_KEYS, writeSession } from '../../../lib/storage.ts';
import { useProposalAction } from '../api/proposal-action.ts';

export type ProposalAction = { kind: 'accept' | 'modify'; messageId: string };

/** docs/product.md "Limits" "Proposal action auto-retry after sign-in". */
export const RETRY_AFTER_SIGN_IN_MS = 100;

export interface ProposalActionsOptions {
  conversationId: string | null;
  isSignedIn: boolean;
  /** The sign-in state is settled: no redirect result is still being finished. */
  authReady: boolean;
  /** After an acceptance: the proposal, and the address its confirmation email went to (null: none was sent). */
  onAccepted: (messageId: string, confirmationEmailTo: string | null) => void;
  onModified: (messageId: string) => void;
}

function acceptFailure(error: unknown): string {
  if (isApiError(error)) return `Error accepting proposal: ${error.status} ${error.statusText || error.message}`;
  return `Error accepting proposal: ${error instanceof Error ? error.message : String(error)}`;
}

/** An action kept in session storage while a redirect sign-in leaves the page; null if none or unreadable. */
function carriedAction(): ProposalAction | null {
  try {
    const value: unknown = JSON.parse(readSession(STORAGE_KEYS.pendingProposalAction) ?? 'null');
    if (!value || typeof value !== 'object' || !('kind' in value) || !('messageId' in value)) return null;
    const { kind, messageId } = value;
    return (kind === 'accept' || kind === 'modify') && typeof messageId === 'string' ? { kind, messageId } : null;
  } catch {
    return null;
  }
}

const forgetCarriedAction = () => writeSession(STORAGE_KEYS.pendingProposalAction, null);

/**
 * Accept and Modify (docs/product.md "Proposal"). Both need sign-in: a signed-out visitor's action is kept
 * while the sign-in modal is open and runs 100 ms after sign-in; closing the modal drops it. A
 * redirect sign-in reloads the page, so the action waits in session storage meanwhile.
 */
export function useProposalActions({ conversationId, isSignedIn, authReady, onAccepted, onModified }: ProposalActionsOptions) {
  const { mutateAsync: accept } = useProposalAction('accept', conversationId);
  const { mutateAsync: modify } = useProposalAction('modify', conversationId);
  const [busyMessageId, setBusyMessageId] = useState<string | null>(null);
  const [awaitingSignIn, setAwaitingSignIn] = useState(carriedAction);
  const busy = useRef(false);

  // The carried action is in state now; storage must not replay it on a later visit.
  useEffect(forgetCarriedAction, []);

  const run = useCallback(
    async (action: ProposalAction) => {
      if (busy.current) return;
      busy.current = true;
      setBusyMessageId(action.messageId);
      try {
        if (action.kind === 'accept') {
          const accepted = await accept(action.messageId);
          onAccepted(action.messageId, accepted.confirmationEmailTo);
        } else {
          await modify(action.messageId);
          onModified(action.messageId);
        }
      } catch (error) {
        window.alert(
          action.kind === 'accept'
            ? acceptFailure(error)
            : `Error requesting modification: ${error instanceof Error ? error.message : String(error)}`,
        );
      } finally {
        busy.current = false;
        setBusyMessageId(null);
      }
    },
    [accept, modify, onAccepted, onModified],
  );

  const request = useCallback(
    (action: ProposalAction) => {
      if (isSignedIn) void run(action);
      else setAwaitingSignIn(action);
    },
    [isSignedIn, run],
  );

  const retry = useEffectEvent((action: ProposalAction) => void run(action));
  useEffect(() => {
    if (!isSignedIn || !awaitingSignIn) return;
    const action = awaitingSignIn;
    const timer = setTimeout(() => {
      setAwaitingSignIn(null);
      forgetCarriedAction();
      retry(action);
    }, RETRY_AFTER_SIGN_IN_MS);
    return () => clearTimeout(timer);
  }, [isSignedIn, awaitingSignIn]);

  return {
    request,
    busyMessageId,
    /** The sign-in modal is open for this pending action (not while a redirect's result is finishing). */
    signInRequired: awaitingSignIn !== null && !isSignedIn && authReady,
    /** Keeps the pending action across a sign-in that leaves the page; call just before signing in. */
    carryOverSignIn: useCallback(() => {
      if (awaitingSignIn) writeSession(STORAGE_KEYS.pendingProposalAction, JSON.stringify(awaitingSignIn));
    }, [awaitingSignIn]),
    cancelSignIn: useCallback(() => {
      setAwaitingSignIn(null);
      forgetCarriedAction();
    }, []),
  };
}

import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiError } from '../../../lib/api-client.ts';
import { useAcceptProposal } from '../api/accept-proposal.ts';
import { useModifyProposal } from '../api/modify-proposal.ts';

export type ProposalAction = { kind: 'accept' | 'modify'; messageId: string };

/** Spec §9 "Proposal action auto-retry after sign-in". */
export const RETRY_AFTER_SIGN_IN_MS = 100;

export interface ProposalActionsOptions {
  conversationId: string | null;
  isSignedIn: boolean;
  onAccepted: (messageId: string) => void;
  onModified: (messageId: string) => void;
}

function acceptFailure(error: unknown): string {
  if (isApiError(error)) return `Error accepting proposal: ${error.status} ${error.statusText || error.message}`;
  return `Error accepting proposal: ${error instanceof Error ? error.message : String(error)}`;
}

/**
 * Accept and Modify (spec §4 "Proposal"). Both need sign-in: a signed-out visitor's action is kept
 * while the sign-in modal is open and runs 100 ms after sign-in; closing the modal drops it.
 */
export function useProposalActions({ conversationId, isSignedIn, onAccepted, onModified }: ProposalActionsOptions) {
  const { mutateAsync: accept } = useAcceptProposal(conversationId);
  const { mutateAsync: modify } = useModifyProposal(conversationId);
  const [busyMessageId, setBusyMessageId] = useState<string | null>(null);
  const [awaitingSignIn, setAwaitingSignIn] = useState<ProposalAction | null>(null);
  const busy = useRef(false);

  const run = useCallback(
    async (action: ProposalAction) => {
      if (busy.current) return;
      busy.current = true;
      setBusyMessageId(action.messageId);
      try {
        if (action.kind === 'accept') {
          await accept(action.messageId);
          onAccepted(action.messageId);
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

  const latestRun = useRef(run);
  latestRun.current = run;
  useEffect(() => {
    if (!isSignedIn || !awaitingSignIn) return;
    const action = awaitingSignIn;
    const timer = setTimeout(() => {
      setAwaitingSignIn(null);
      void latestRun.current(action);
    }, RETRY_AFTER_SIGN_IN_MS);
    return () => clearTimeout(timer);
  }, [isSignedIn, awaitingSignIn]);

  return {
    request,
    busyMessageId,
    /** The sign-in modal is open for this pending action. */
    signInRequired: awaitingSignIn !== null && !isSignedIn,
    cancelSignIn: useCallback(() => setAwaitingSignIn(null), []),
  };
}

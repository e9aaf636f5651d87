import { isApiError } from '../../../lib/api-client.ts';
import * as storage from '../../../lib/storage.ts';

/** A stored conversation the server refuses to read (gone, not ours, or a guest's expired session) is forgotten. */
export function conversationGone(failure: Error, isSignedIn: boolean): boolean {
  const code = isApiError(failure) ? failure.code : null;
  const gone = code === 'not_found' || code === 'forbidden' || code === 'invalid_request';
  return gone || (code === 'unauthenticated' && !isSignedIn);
}

/**
 * New chat's storage (docs/product.md "New chat"): a guest who had a conversation gets a new guest
 * session (the old one stays with it), one who had none drops theirs; the home chat forgets its
 * current conversation, and nothing is carried over a sign-in any more.
 */
export function forgetConversation({
  isSignedIn,
  hadConversation,
  home,
}: {
  isSignedIn: boolean;
  hadConversation: boolean;
  home: boolean;
}) {
  if (!isSignedIn) {
    if (hadConversation) storage.createGuestSessionId();
    else storage.clearGuestSessionId();
  }
  if (home) storage.setCurrentConversationId(null);
  storage.writeLocal(storage.STORAGE_KEYS.preAuthConversationId, null);
}

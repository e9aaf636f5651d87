/**
 * Browser storage keys of docs/product.md "Entities" ("Local storage keys") and the helpers that read and write them.
 * Storage can throw (private mode, disabled cookies): the app then keeps working without persistence.
 */
export const STORAGE_KEYS = {
  guestSessionId: 'guest_session_id',
  authToken: 'auth_token',
  /** Older clients stored the token under this key; it is still read as a fallback. */
  legacyAuthToken: 'token',
  authRedirectPath: 'auth_redirect_path',
  preAuthConversationId: 'pre_auth_conversation_id',
  currentConversationId: 'current_conversation_id',
  /** Session storage: a proposal action waiting for a sign-in that leaves the page (redirect mode). */
  pendingProposalAction: 'pending_proposal_action',
  /** Session storage: when this browser session started. */
  sessionStartTime: 'session_start_time',
  /** Session storage: the home chat's unsent text while its writer is away signing in. */
  chatDraft: 'chat_draft',
  /** Session storage: when this tab started a sign-in (ms since the epoch); a result without it came from elsewhere. */
  signInStarted: 'sign_in_started',
} as const;

function read(storage: () => Storage, key: string): string | null {
  try {
    return storage().getItem(key);
  } catch {
    return null;
  }
}

function write(storage: () => Storage, key: string, value: string | null): void {
  try {
    if (value === null) storage().removeItem(key);
    else storage().setItem(key, value);
  } catch {
    // Not persisting is acceptable: the values are conveniences, the server holds the truth.
  }
}

const local = () => window.localStorage;
const session = () => window.sessionStorage;

/** Local storage access that survives a browser refusing storage (private mode): reads null, writes nothing. */
export const readLocal = (key: string) => read(local, key);
export const writeLocal = (key: string, value: string | null) => write(local, key, value);
/** Reads a session storage value (this tab only); null when absent or storage is unavailable. */
export const readSession = (key: string) => read(session, key);
/** Writes a session storage value; null removes it. */
export const writeSession = (key: string, value: string | null) => write(session, key, value);

/** Our access token: `auth_token`, or the `token` key as fallback (docs/product.md "Entities"). */
export function getAuthToken(): string | null {
  return readLocal(STORAGE_KEYS.authToken) ?? readLocal(STORAGE_KEYS.legacyAuthToken);
}

/** Stores or (null) clears the access token under `auth_token`. */
export function setAuthToken(token: string | null): void {
  writeLocal(STORAGE_KEYS.authToken, token);
  if (token === null) writeLocal(STORAGE_KEYS.legacyAuthToken, null);
}

function randomId(): string {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** A fresh guest session id (`guest-` + 24 hex characters), stored and returned. */
export function createGuestSessionId(): string {
  const id = `guest-${randomId()}`;
  writeLocal(STORAGE_KEYS.guestSessionId, id);
  return id;
}

/** The guest session id, created on demand (docs/product.md "Entities" "Identity"). */
export function getOrCreateGuestSessionId(): string {
  return readLocal(STORAGE_KEYS.guestSessionId) ?? createGuestSessionId();
}

/** Forgets the guest session (after the hand-over at sign-in, or New chat). */
export function clearGuestSessionId(): void {
  writeLocal(STORAGE_KEYS.guestSessionId, null);
}

/** The conversation shown on the home page (`current_conversation_id`). */
export const getCurrentConversationId = () => readLocal(STORAGE_KEYS.currentConversationId);
export const setCurrentConversationId = (id: string | null) => writeLocal(STORAGE_KEYS.currentConversationId, id);

/** Remembers where the visitor was before leaving for sign-in (read back after sign-in). */
export function rememberPreAuthState(path: string, conversationId: string | null): void {
  writeLocal(STORAGE_KEYS.authRedirectPath, path);
  writeLocal(STORAGE_KEYS.preAuthConversationId, conversationId);
}

/** Reads and forgets what {@link rememberPreAuthState} kept: it applies to one sign-in only. */
export function takePreAuthState(): { path: string | null; conversationId: string | null } {
  const state = {
    path: readLocal(STORAGE_KEYS.authRedirectPath),
    conversationId: readLocal(STORAGE_KEYS.preAuthConversationId),
  };
  writeLocal(STORAGE_KEYS.authRedirectPath, null);
  writeLocal(STORAGE_KEYS.preAuthConversationId, null);
  return state;
}

/** Keeps the home chat's unsent text across a sign-in that leaves the page (null forgets it). */
export const keepChatDraft = (text: string | null) => write(session, STORAGE_KEYS.chatDraft, text === '' ? null : text);
/** The text {@link keepChatDraft} kept, if any. */
export const keptChatDraft = () => read(session, STORAGE_KEYS.chatDraft);

/** Records when this browser session started, once per tab session. */
export function markSessionStart(now: Date = new Date()): void {
  if (read(session, STORAGE_KEYS.sessionStartTime) === null) {
    write(session, STORAGE_KEYS.sessionStartTime, now.toISOString());
  }
}

/** How long a started sign-in may take: the server's sign-in attempts live 10 minutes. */
const SIGN_IN_ATTEMPT_MS = 10 * 60 * 1000;

/** Notes that this tab starts a sign-in now (the popup's or the redirect's). */
export function markSignInStarted(now: number = Date.now()): void {
  write(session, STORAGE_KEYS.signInStarted, String(now));
}

/**
 * Reads and forgets {@link markSignInStarted}'s note.
 * @returns true when this tab started a sign-in within the last 10 minutes.
 */
export function takeSignInStarted(now: number = Date.now()): boolean {
  const started = Number(read(session, STORAGE_KEYS.signInStarted));
  write(session, STORAGE_KEYS.signInStarted, null);
  return started > 0 && now - started <= SIGN_IN_ATTEMPT_MS;
}

export { randomId };

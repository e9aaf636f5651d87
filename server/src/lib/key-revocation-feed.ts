// The agent keys revoked on any instance, as what a key holds open listens for them (AppDeps
// `agentKeyRevocations`; made by api-keys/key-revocations.ts, docs/decisions/082-mcp-sessions-per-key.md).
// Declared here so that app-deps.ts imports no module.

/** Tells of every agent key revoked, on this instance or another. */
export interface KeyRevocationFeed {
  /** Calls `subscriber` with the id of every key revoked from now on. @returns the unsubscribe function. */
  subscribe(subscriber: (keyId: string) => void): () => void;
}

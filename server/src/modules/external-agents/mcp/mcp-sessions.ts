import type { VerifiedAgent } from '../../api-keys/api-keys.service.ts';
import type { KeyRevocationFeed } from '../../../lib/key-revocation-feed.ts';
import { tooManyMcpSessions } from '../external-agents.errors.ts';

/** What a refused session is told to wait: sessions end when their clients close them, at no set time. */
const RETRY_AFTER_MS = 10_000;
/** Revoked key ids kept to refuse a session whose key was checked just before its revocation arrived. */
const REMEMBERED_REVOCATIONS = 10_000;

/**
 * The MCP sessions and streams open on this instance, by agent key (docs/decisions/082-mcp-sessions-per-key.md):
 * at most `perKey` (MCP_SESSIONS_PER_KEY) per key, and a key's revocation, heard from any instance,
 * ends every one of them at once.
 */
export class McpSessions {
  private readonly byKey = new Map<string, Set<() => void>>();
  private readonly revoked = new Set<string>();
  private readonly stopListening: () => void;

  constructor(
    private readonly perKey: number,
    revocations: KeyRevocationFeed,
  ) {
    this.stopListening = revocations.subscribe((keyId) => this.endKey(keyId));
  }

  /**
   * Counts a session or stream of `agent`'s key, before it starts.
   * @param end ends it (closes its stream); called on the key's revocation.
   * @returns the function to call once it has ended (again does nothing).
   * A key whose revocation was heard after its check (a moment ago) is ended at once.
   * @throws AppError 429 with `Retry-After` when the key holds `perKey` already.
   */
  open(agent: VerifiedAgent, end: () => void): () => void {
    const held = this.byKey.get(agent.keyId) ?? new Set<() => void>();
    if (held.size >= this.perKey) throw tooManyMcpSessions(this.perKey, RETRY_AFTER_MS);
    const entry = () => end();
    held.add(entry);
    this.byKey.set(agent.keyId, held);
    if (this.revoked.has(agent.keyId)) queueMicrotask(entry);
    return () => {
      held.delete(entry);
      if (held.size === 0 && this.byKey.get(agent.keyId) === held) this.byKey.delete(agent.keyId);
    };
  }

  /** Stops listening for revocations (the app closes). */
  close(): void {
    this.stopListening();
  }

  private endKey(keyId: string): void {
    this.revoked.add(keyId);
    if (this.revoked.size > REMEMBERED_REVOCATIONS) this.revoked.delete(this.revoked.values().next().value as string);
    for (const end of [...(this.byKey.get(keyId) ?? [])]) end();
  }
}

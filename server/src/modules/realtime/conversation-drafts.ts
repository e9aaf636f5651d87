import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { MessageDraft } from '@unstuck/contract';
import type { Database } from '../../db/client.ts';
import type { DraftFeed } from '../../lib/draft-feed.ts';

/** The NOTIFY channel that carries drafts between instances on PostgreSQL (decision 018). */
export const CONVERSATION_DRAFT_CHANNEL = 'conversation_draft';
/** At most one draft update per turn this often, in ms: a few per second look smooth and cost little. */
export const DRAFT_INTERVAL_MS = 100;
/**
 * Text per notification, in UTF-16 units. JSON escapes a unit into at most 6 bytes (`\u001f`), so a
 * piece stays under PostgreSQL's 8,000-byte NOTIFY payload limit with room for the envelope.
 */
const PIECE_CHARS = 1_000;
/** A draft with no news for this long is forgotten (its instance died mid-turn; the retry starts anew). */
const STALE_MS = 60_000;
/** Conversations with a draft kept per instance; the oldest go first. */
const MAX_DRAFTS = 10_000;

/**
 * What travels between instances: a piece of a turn's text (`s` 0 starts the text, each next `s`
 * appends) or the turn's end. `t` identifies one attempt of a turn, so a retry starts a new text.
 */
type DraftNote = { c: string; r: string | null; t: string; s: number; d: string } | { c: string; t: string; end: 'stored' | 'failed' };

interface KeptDraft {
  turn: string;
  seq: number;
  draft: MessageDraft;
  at: number;
}

/** Reports a turn's growing text; one per attempt of an agent turn. */
export interface DraftPublisher {
  /** The text so far (each call replaces the last); sent at most every DRAFT_INTERVAL_MS. Never throws. */
  update(content: string): void;
  /** Drops a pending update and waits until what was sent has been sent (call before storing the final message). */
  settle(): Promise<void>;
  /**
   * Ends the turn's draft: `stored` after the final message is stored (streams drop it quietly: the
   * message replaces it), `failed` when the attempt failed (streams are told to remove it). Never throws.
   */
  end(outcome: 'stored' | 'failed'): Promise<void>;
}

/**
 * The agent's drafts of the conversations' next messages (docs/decisions/018-streamed-replies.md):
 * ephemeral, never stored. A turn publishes through {@link publisher}; every instance rebuilds the
 * text from the pieces and tells its event streams ({@link subscribe}). On PostgreSQL the pieces
 * travel by NOTIFY on CONVERSATION_DRAFT_CHANNEL (so every instance, this one included, gets them in
 * order); on PGlite (one process) they are handed over in process.
 */
export class ConversationDrafts implements DraftFeed {
  private readonly drafts = new Map<string, KeptDraft>();
  private readonly subscribers = new Set<(conversationId: string, draft: MessageDraft) => void>();
  private send: (note: DraftNote) => Promise<void> = async (note) => this.receive(note);
  private onError: (error: unknown) => void = () => undefined;

  constructor(private readonly now: () => number = Date.now) {}

  /**
   * On PostgreSQL, LISTENs on CONVERSATION_DRAFT_CHANNEL and publishes by `pg_notify`; on PGlite
   * nothing to start. `onError` hears about drafts that could not be sent (a lost draft is a lost
   * preview: the final message still comes).
   * @throws when the database refuses LISTEN.
   */
  async start(database: Pick<Database, 'kind' | 'listen' | 'db'>, onError: (error: unknown) => void): Promise<void> {
    this.onError = onError;
    if (database.kind !== 'postgres') return;
    await database.listen(CONVERSATION_DRAFT_CHANNEL, {
      onNotify: (payload) => this.receive(JSON.parse(payload) as DraftNote),
      // Pieces may have been missed: forget every draft (and say so); new turns start again from piece 0.
      onConnection: () => {
        for (const [conversationId, kept] of this.drafts) this.tell(conversationId, { ...kept.draft, content: '' });
        this.drafts.clear();
      },
    });
    this.send = async (note) => {
      await database.db.execute(sql`select pg_notify(${CONVERSATION_DRAFT_CHANNEL}, ${JSON.stringify(note)})`);
    };
  }

  /** @returns the conversation's current draft, or undefined. */
  current(conversationId: string): MessageDraft | undefined {
    const kept = this.drafts.get(conversationId);
    if (kept && kept.at + STALE_MS < this.now()) this.drafts.delete(conversationId);
    else if (kept) return kept.draft;
    return undefined;
  }

  /**
   * Calls `subscriber` with every change of a draft: the text so far, or `content: ''` when the draft
   * is gone without a message (the attempt failed). @returns the unsubscribe function.
   */
  subscribe(subscriber: (conversationId: string, draft: MessageDraft) => void): () => void {
    this.subscribers.add(subscriber);
    return () => this.subscribers.delete(subscriber);
  }

  /**
   * Starts publishing one attempt of a turn's text.
   * @param replyTo the id of the person's message the turn answers (null for the question after "Let's modify it").
   */
  publisher(conversationId: string, replyTo: string | null): DraftPublisher {
    const turn = randomUUID();
    const now = this.now;
    let seq = -1;
    let restartNext = true;
    let sent = '';
    let latest = '';
    let lastSentAt = 0;
    let timer: NodeJS.Timeout | undefined;
    let ended = false;
    let chain = Promise.resolve();
    const enqueue = (note: DraftNote) => {
      // One after the other: on PostgreSQL each NOTIFY commits before the next, so they arrive in order.
      chain = chain.then(() =>
        this.send(note).catch((error: unknown) => {
          restartNext = true; // receivers may lack a piece: the next update sends the whole text again
          this.onError(error);
        }),
      );
    };
    const flush = () => {
      timer = undefined;
      if (ended || latest === sent) return;
      lastSentAt = now();
      // The text normally only grows; if not (a partial escape re-read), start it again.
      const restart = restartNext || !latest.startsWith(sent);
      const delta = restart ? latest : latest.slice(sent.length);
      if (restart) seq = -1;
      restartNext = false;
      sent = latest;
      for (let at = 0; at === 0 || at < delta.length; at += PIECE_CHARS) {
        enqueue({ c: conversationId, r: replyTo, t: turn, s: ++seq, d: delta.slice(at, at + PIECE_CHARS) });
      }
    };
    return {
      update(content) {
        if (ended) return;
        latest = content;
        if (timer) return;
        const wait = lastSentAt + DRAFT_INTERVAL_MS - now();
        if (wait <= 0) flush();
        else timer = setTimeout(flush, wait);
      },
      async settle() {
        ended = true;
        clearTimeout(timer);
        await chain;
      },
      async end(outcome) {
        ended = true;
        clearTimeout(timer);
        if (seq !== -1) enqueue({ c: conversationId, t: turn, end: outcome });
        await chain;
      },
    };
  }

  private receive(note: DraftNote): void {
    const kept = this.drafts.get(note.c);
    if ('end' in note) {
      if (!kept || kept.turn !== note.t) return;
      this.drafts.delete(note.c);
      if (note.end === 'failed') this.tell(note.c, { ...kept.draft, content: '' });
      return;
    }
    let content: string;
    if (note.s === 0) content = note.d;
    else if (kept && kept.turn === note.t && kept.seq === note.s - 1) content = kept.draft.content + note.d;
    else return; // a piece of a text whose start this instance missed
    const draft = { reply_to: note.r, content };
    this.drafts.delete(note.c);
    this.drafts.set(note.c, { turn: note.t, seq: note.s, draft, at: this.now() });
    if (this.drafts.size > MAX_DRAFTS) this.drafts.delete(this.drafts.keys().next().value as string);
    this.tell(note.c, draft);
  }

  private tell(conversationId: string, draft: MessageDraft): void {
    for (const subscriber of this.subscribers) subscriber(conversationId, draft);
  }
}

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { MessageDraft } from '@unstuck/contract';
import type { AppDeps } from '../../app-deps.ts';
import { createConversationFeeds } from './conversation-feed.ts';
import { invalidLastEventId, tooManyEventStreams } from './realtime.errors.ts';
import { createStreamSlots } from './stream-slots.ts';

/** A comment line every this often keeps proxies and the client's idle timers from closing the stream. */
const HEARTBEAT_MS = 15_000;
/** A stream ends after this long (or when its caller's credential expires): the client reconnects and is checked again. */
const MAX_STREAM_MS = 10 * 60_000;

/** One stored message as a stream delivers it: its seq (the event id) and its view, serialised once for every reader. */
export interface StreamedMessage {
  id: string;
  seq: number;
  json: string;
}

/** One stream to open ({@link ConversationStreams.open}). */
export interface StreamRequest<F> {
  conversationId: string;
  /** Who reads, as the shared read and `view` need to know them. */
  who: F;
  /** The guest or user id whose ended access (AccessEndings, decision 081) ends the stream. */
  person: string;
  /** Whose places (EVENT_STREAMS_PER_CALLER) the stream takes: a guest id or a user id, with its kind. */
  holder: string;
  /** The longest the stream may stay open, in ms (MAX_STREAM_MS at most). */
  lifetimeMs: number;
  /** From {@link parseLastEventId}: the seq the client has seen up to, or undefined for a new stream. */
  lastEventId: number | undefined;
  /** The conversation's messages as this reader sees them now, oldest first. */
  atStart: StreamedMessage[];
}

/** The conversation event streams of one app ({@link createConversationStreams}). */
export interface ConversationStreams<F> {
  /**
   * Takes one of the holder's places and answers the request with the stream (the reply is hijacked).
   * @throws AppError 429 `rate_limited` when the holder already has EVENT_STREAMS_PER_CALLER streams here.
   */
  open(request: FastifyRequest, reply: FastifyReply, stream: StreamRequest<F>): void;
}

/**
 * Reads the `Last-Event-ID` header of a resumed stream.
 * @returns the seq, or undefined when the header is absent.
 * @throws AppError 400 when it is not a sequence number.
 */
export function parseLastEventId(header: string | string[] | undefined): number | undefined {
  if (header === undefined) return undefined;
  if (typeof header !== 'string' || !/^\d{1,15}$/.test(header)) throw invalidLastEventId();
  return Number(header);
}

/**
 * Server-sent events (WHATWG HTML §9.2) of conversations, as docs/decisions/054-server-sent-events.md
 * and 018-streamed-replies.md describe them: `ready` (id: the newest seq the client has) first, then
 * `message` for each new message (id: its seq) and `message_updated` for a changed one (no id), and
 * `message_draft` (no id) while agent-1 writes, the current draft right after `ready`; a `: heartbeat`
 * comment every HEARTBEAT_MS. After every change one `read` per conversation serves all its streams
 * on this instance ({@link createConversationFeeds}); `view` then gives each reader its messages
 * from that snapshot, or null when the reader may no longer follow the conversation (its stream ends).
 * A stream ends at once when its person's access to its conversation ends (AccessEndings, decision 081),
 * and when the app closes.
 */
export function createConversationStreams<F, S>(
  app: FastifyInstance,
  deps: Pick<AppDeps, 'config' | 'conversationCache' | 'conversationDrafts' | 'accessEndings'>,
  read: (conversationId: string, followers: readonly F[]) => Promise<S>,
  view: (snapshot: S, who: F) => StreamedMessage[] | null,
): ConversationStreams<F> {
  // Open streams would hold app.close() until they end by themselves.
  const open = new Set<{ conversationId: string; person: string; close: () => void }>();
  const slots = createStreamSlots(deps.config.EVENT_STREAMS_PER_CALLER);
  const feeds = createConversationFeeds(deps.conversationCache, read);
  // Ended access ends its streams at once, before any change of the conversation could reach them.
  const unsubscribeEndings = deps.accessEndings.subscribe(({ userId, conversationId }) => {
    for (const stream of open) {
      if (stream.person === userId && (conversationId === null || conversationId === stream.conversationId)) stream.close();
    }
  });
  app.addHook('preClose', async () => {
    unsubscribeEndings();
    for (const stream of open) stream.close();
  });

  return {
    open(request, reply, { conversationId, who, person, holder, lifetimeMs, lastEventId, atStart }) {
      // What this stream has told the client: the newest seq, and each message's view as last sent.
      const sent = new Map<string, string>();
      let lastSeq = lastEventId ?? -1;
      for (const message of atStart) if (lastEventId === undefined || message.seq <= lastSeq) sent.set(message.id, message.json);
      if (lastEventId === undefined) lastSeq = atStart.at(-1)?.seq ?? 0;

      // Taken with no await before the stream's close() owns it: nothing can leave it taken.
      const releaseSlot = slots.take(holder);
      if (!releaseSlot) throw tooManyEventStreams(deps.config.EVENT_STREAMS_PER_CALLER);
      reply.hijack();
      const out = reply.raw;
      out.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        'x-accel-buffering': 'no',
      });
      out.write(`retry: 2000\nevent: ready\nid: ${lastSeq}\ndata: {}\n\n`);

      let closed = false;
      const deliver = (snapshot: S) => {
        if (closed) return;
        const messages = view(snapshot, who);
        if (!messages) return close();
        for (const message of messages) {
          const before = sent.get(message.id);
          if (before === undefined) {
            out.write(`event: message\nid: ${message.seq}\ndata: ${message.json}\n\n`);
            lastSeq = Math.max(lastSeq, message.seq);
          } else if (before !== message.json) {
            out.write(`event: message_updated\ndata: ${message.json}\n\n`);
          }
          sent.set(message.id, message.json);
        }
      };
      const fail = (error: unknown) => {
        request.log.warn({ err: error, conversationId }, 'event stream read failed');
        close();
      };
      const sendDraft = (draft: MessageDraft) => out.write(`event: message_draft\ndata: ${JSON.stringify(draft)}\n\n`);
      const unsubscribeDrafts = deps.conversationDrafts.subscribe((changed, draft) => {
        if (changed === conversationId && !closed) sendDraft(draft);
      });
      const heartbeat = setInterval(() => out.write(': heartbeat\n\n'), HEARTBEAT_MS);
      const end = setTimeout(() => close(), Math.max(Math.min(lifetimeMs, MAX_STREAM_MS), 0));
      // Following reads once at once: messages stored after Last-Event-ID (or while this stream was set up) go out then.
      const unfollow = feeds.follow(conversationId, who, deliver, fail);
      const close = () => {
        if (closed) return;
        closed = true;
        open.delete(stream);
        releaseSlot();
        unfollow();
        unsubscribeDrafts();
        clearInterval(heartbeat);
        clearTimeout(end);
        out.end();
      };
      const stream = { conversationId, person, close };
      open.add(stream);
      request.raw.on('close', close);
      out.on('close', close);
      // A client gone while the stream was set up sent its close before anyone listened.
      if (out.destroyed) close();
      const draft = deps.conversationDrafts.current(conversationId);
      if (draft && !closed) sendDraft(draft);
    },
  };
}

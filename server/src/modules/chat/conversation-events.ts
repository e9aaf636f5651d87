import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { conversationParamsSchema, errorResponseSchema, type Message, type MessageDraft } from '@unstuck/contract';
import type { AppDeps } from '../../app-deps.ts';
import { identifyCaller, requireCaller, type Caller } from '../auth/caller.ts';
import { mayFollowAsExpert } from '../expert/expert.service.ts';
import { signConversationFiles } from '../files/files.service.ts';
import { conversationNotFound, invalidLastEventId, tooManyEventStreams } from './chat.errors.ts';
import { findConversation, findOwnedConversation, listConversationMessages } from './chat.repository.ts';
import { readConversationView } from './chat.service.ts';
import { toMessageView } from './message-view.ts';
import { viewMessagesForExperts } from './staff-view.ts';
import { createStreamSlots } from './stream-slots.ts';

/** A comment line every this often keeps proxies and the client's idle timers from closing the stream. */
export const HEARTBEAT_MS = 15_000;
/** A stream ends after this long (or when its token expires): the client reconnects and is checked again. */
const MAX_STREAM_MS = 10 * 60_000;

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema, 429: errorResponseSchema };

/** How one reader of a conversation's stream sees it, and whether they still may. */
interface StreamReader {
  view(rows: Awaited<ReturnType<typeof listConversationMessages>>): Promise<Message[]>;
  stillAllowed(): Promise<boolean>;
}

/**
 * Who may follow a conversation and how they see it: its owner as the read call shows it (which the
 * first read marks read), or, once its task is with the human experts, the expert holding the task and
 * admins as the expert workspace shows it (participant ids, no staff notes; decision 029).
 * @throws AppError 404 for anyone else (no difference shown), as the read call.
 */
async function streamReader(deps: AppDeps, caller: Caller, conversationId: string): Promise<StreamReader> {
  const conversation = await findConversation(deps.db, conversationId);
  if (conversation && conversation.ownerId === caller.id) {
    await readConversationView(deps, caller, conversationId);
    return {
      async view(rows) {
        const signFiles = await signConversationFiles(deps, conversationId);
        return rows.map((row) => signFiles(toMessageView(row, 'client')));
      },
      stillAllowed: async () => (await findOwnedConversation(deps.db, conversationId, caller.id)) !== null,
    };
  }
  const expertSide = async () => caller.kind === 'user' && (await mayFollowAsExpert(deps, caller.id, conversationId));
  if (!conversation || !(await expertSide())) throw conversationNotFound();
  return { view: (rows) => viewMessagesForExperts(deps, conversationId, rows), stillAllowed: expertSide };
}

/**
 * `GET /api/v2/conversations/{id}/events`: server-sent events (WHATWG HTML §9.2) of one of the caller's
 * conversations, with the read call's authorization (Bearer token or guest header; the web app reads
 * it with fetch, so no credential goes into a URL — decision 018). After acceptance the expert holding
 * the task and admins may follow it too (Bearer), seeing it as the expert workspace does (decision 029).
 * Events: `ready` (id: the newest message's seq) first, then `message` for each new message (id: its
 * seq; data: the message as the read call shows it) and `message_updated` for a changed one (e.g. a
 * proposal's status; no id). `Last-Event-ID: <seq>` resumes: every message after that seq comes first.
 * While agent-1 writes its next message, `message_draft` events (no id; data: the contract's
 * messageDraftSchema, the whole text so far) come at most every 100 ms, the current one right after
 * `ready` (decision 020).
 * A `: heartbeat` comment every HEARTBEAT_MS.
 * One caller (a guest id, a user) holds at most EVENT_STREAMS_PER_CALLER streams open on this instance;
 * closing one gives its place back.
 * @throws AppError 400 for a malformed Last-Event-ID, 401/404 as the read call, 429 when the caller
 *   already holds EVENT_STREAMS_PER_CALLER streams here.
 */
export function registerConversationEventRoutes(app: FastifyInstance, deps: AppDeps) {
  // Open streams would hold app.close() until they end by themselves.
  const open = new Set<() => void>();
  const slots = createStreamSlots(deps.config.EVENT_STREAMS_PER_CALLER);
  app.addHook('preClose', async () => {
    for (const close of open) close();
  });
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/v2/conversations/:conversationId/events',
      { schema: { params: conversationParamsSchema, response: errors } },
      async (request, reply) => {
        const caller = requireCaller(await identifyCaller(request, deps.tokens, { cached: true }));
        const { conversationId } = request.params;
        const lastEventId = request.headers['last-event-id'];
        if (lastEventId !== undefined && (typeof lastEventId !== 'string' || !/^\d{1,15}$/.test(lastEventId))) {
          throw invalidLastEventId();
        }
        const reader = await streamReader(deps, caller, conversationId);

        // What this stream has told the client: the newest seq, and each message's view as last sent.
        const sent = new Map<string, string>();
        let lastSeq = lastEventId === undefined ? -1 : Number(lastEventId);
        const rows = await listConversationMessages(deps.db, conversationId);
        const atStart = await reader.view(rows);
        rows.forEach((row, i) => {
          if (lastEventId === undefined || row.seq <= lastSeq) sent.set(row.id, JSON.stringify(atStart[i]));
        });
        if (lastEventId === undefined) lastSeq = rows.at(-1)?.seq ?? 0;

        // Taken with no await before the stream's close() owns it: nothing can leave it taken.
        const releaseSlot = slots.take(`${caller.kind}:${caller.id}`);
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
        let running: Promise<void> | null = null;
        let again = false;
        // One read at a time; notifications arriving meanwhile cause one more read after it.
        const flush = async (): Promise<void> => {
          if (running) {
            again = true;
            return;
          }
          running = (async () => {
            do {
              again = false;
              if (!(await reader.stillAllowed())) return close();
              const current = await listConversationMessages(deps.db, conversationId);
              const views = await reader.view(current);
              for (const [i, row] of current.entries()) {
                if (closed) return;
                const view = JSON.stringify(views[i]);
                const before = sent.get(row.id);
                if (before === undefined) {
                  out.write(`event: message\nid: ${row.seq}\ndata: ${view}\n\n`);
                  lastSeq = Math.max(lastSeq, row.seq);
                } else if (before !== view) {
                  out.write(`event: message_updated\ndata: ${view}\n\n`);
                }
                sent.set(row.id, view);
              }
            } while (again && !closed);
          })()
            .catch((error: unknown) => {
              request.log.warn({ err: error, conversationId }, 'event stream read failed');
              close();
            })
            .finally(() => {
              running = null;
            });
        };
        const unsubscribe = deps.conversationCache.subscribe((changed) => {
          if (changed === null || changed === conversationId) void flush();
        });
        const sendDraft = (draft: MessageDraft) => out.write(`event: message_draft\ndata: ${JSON.stringify(draft)}\n\n`);
        const unsubscribeDrafts = deps.conversationDrafts.subscribe((changed, draft) => {
          if (changed === conversationId && !closed) sendDraft(draft);
        });
        const heartbeat = setInterval(() => out.write(': heartbeat\n\n'), HEARTBEAT_MS);
        const lifetime = Math.min(MAX_STREAM_MS, caller.kind === 'user' ? caller.token.expiresAt.getTime() - Date.now() : MAX_STREAM_MS);
        const end = setTimeout(() => close(), Math.max(lifetime, 0));
        const close = () => {
          if (closed) return;
          closed = true;
          releaseSlot();
          unsubscribe();
          unsubscribeDrafts();
          clearInterval(heartbeat);
          clearTimeout(end);
          out.end();
        };
        open.add(close);
        request.raw.on('close', close);
        out.on('close', close);
        // A client gone while the stream was set up sent its close before anyone listened.
        if (out.destroyed) close();
        // Messages stored after Last-Event-ID (or while this stream was being set up) go out now.
        void flush();
        const draft = deps.conversationDrafts.current(conversationId);
        if (draft) sendDraft(draft);
      },
    );
}

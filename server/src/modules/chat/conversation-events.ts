import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { conversationParamsSchema, errorResponseSchema, type Message } from '@unstuck/contract';
import type { AppDeps } from '../../app-deps.ts';
import { identifyCaller, requireCaller } from '../auth/caller.ts';
import { createConversationStreams, parseLastEventId, type StreamedMessage } from '../realtime/realtime.service.ts';
import { staffWhoMayRead } from '../tasks/conversation-readers.ts';
import { conversationNotFound } from './chat.errors.ts';
import { findConversation, listConversationMessages } from './chat.repository.ts';
import { readConversationView, viewMessagesForOwner } from './chat.service.ts';
import { viewMessagesForExperts } from './staff-view.ts';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema, 429: errorResponseSchema };

type Deps = Pick<AppDeps, 'db' | 'config' | 'fileUrls'>;

/** One reader of a conversation's stream: its owner, or a signed-in person following it as the expert side. */
interface StreamFollower {
  id: string;
  side: 'owner' | 'expert';
}

/** What one read of a conversation gives every stream open on it on this instance. */
interface StreamSnapshot {
  /** Null when the conversation is gone. */
  ownerId: string | null;
  /** As its owner reads it; empty when no owner follows. */
  forOwner: StreamedMessage[];
  /** As the expert workspace shows it; empty when no expert-side follower may follow. */
  forExperts: StreamedMessage[];
  /** The expert-side followers who may follow it now. */
  experts: ReadonlySet<string>;
}

const streamed = (rows: Awaited<ReturnType<typeof listConversationMessages>>, views: Message[]): StreamedMessage[] =>
  rows.map((row, i) => ({ id: row.id, seq: row.seq, json: JSON.stringify(views[i]) }));

/**
 * Reads a conversation once for all its followers on this instance: its owner, its messages and, for
 * the sides that follow it, their views and who of the expert side may still follow it. A constant
 * number of queries, whatever the number of followers (docs/decisions/054-server-sent-events.md).
 */
async function readSnapshot(deps: Deps, conversationId: string, followers: readonly StreamFollower[]): Promise<StreamSnapshot> {
  const conversation = await findConversation(deps.db, conversationId);
  if (!conversation) return { ownerId: null, forOwner: [], forExperts: [], experts: new Set() };
  const expertIds = followers.filter((follower) => follower.side === 'expert').map((follower) => follower.id);
  const experts = await staffWhoMayRead(deps.db, deps.config.ADMIN_EMAILS, conversationId, expertIds);
  const rows = await listConversationMessages(deps.db, conversationId);
  const ownerFollows = followers.some((follower) => follower.side === 'owner' && follower.id === conversation.ownerId);
  return {
    ownerId: conversation.ownerId,
    forOwner: ownerFollows ? streamed(rows, await viewMessagesForOwner(deps, conversationId, rows)) : [],
    forExperts: experts.size > 0 ? streamed(rows, await viewMessagesForExperts(deps, conversationId, rows)) : [],
    experts,
  };
}

/** A follower's messages in a snapshot, or null when they may no longer follow the conversation. */
function viewOf(snapshot: StreamSnapshot, follower: StreamFollower): StreamedMessage[] | null {
  if (follower.side === 'owner') return snapshot.ownerId === follower.id ? snapshot.forOwner : null;
  return snapshot.experts.has(follower.id) ? snapshot.forExperts : null;
}

/**
 * `GET /api/v2/conversations/{id}/events`: server-sent events of one of the caller's conversations
 * (the events and their ids: `createConversationStreams` of the realtime module), with the read call's
 * authorization (Bearer token or guest header; the web app reads it with fetch, so no credential goes
 * into a URL — decision 054). After acceptance the expert holding the task and admins may follow it too
 * (Bearer), seeing it as the expert workspace does (decision 026). Who may follow is checked again at
 * every change, from the one read that change costs this instance; a reader who may no longer
 * follow sees the stream end, and at once when their access ends (decision 081: an expert flag
 * removed, the task handed to someone else, the account deleted). The owner's opening of a stream
 * marks the conversation read, as the read call does. `Last-Event-ID: <seq>` resumes: every message after that seq comes first.
 * One caller (a guest id, a user) holds at most EVENT_STREAMS_PER_CALLER streams open on this instance;
 * closing one gives its place back.
 * @throws AppError 400 for a malformed Last-Event-ID, 401/404 as the read call, 429 when the caller
 *   already holds EVENT_STREAMS_PER_CALLER streams here.
 */
export function registerConversationEventRoutes(app: FastifyInstance, deps: AppDeps) {
  const streams = createConversationStreams(
    app,
    deps,
    (conversationId, followers: readonly StreamFollower[]) => readSnapshot(deps, conversationId, followers),
    viewOf,
  );
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/v2/conversations/:conversationId/events',
      { schema: { params: conversationParamsSchema, response: errors } },
      async (request, reply) => {
        const caller = requireCaller(await identifyCaller(request, deps.tokens, { cached: true }));
        const { conversationId } = request.params;
        const lastEventId = parseLastEventId(request.headers['last-event-id']);
        const conversation = await findConversation(deps.db, conversationId);
        if (!conversation) throw conversationNotFound();
        const owner = conversation.ownerId === caller.id;
        if (!owner && caller.kind !== 'user') throw conversationNotFound();
        // The owner's first read marks the conversation read, as the read call's does.
        if (owner) await readConversationView(deps, caller, conversationId);
        const follower: StreamFollower = { id: caller.id, side: owner ? 'owner' : 'expert' };
        const atStart = viewOf(await readSnapshot(deps, conversationId, [follower]), follower);
        if (!atStart) throw conversationNotFound();
        streams.open(request, reply, {
          conversationId,
          who: follower,
          person: caller.id,
          holder: `${caller.kind}:${caller.id}`,
          lifetimeMs: caller.kind === 'user' ? caller.token.expiresAt.getTime() - Date.now() : Infinity,
          lastEventId,
          atStart,
        });
      },
    );
}

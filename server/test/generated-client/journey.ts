import createClient from 'openapi-fetch';
import type { paths } from './api.gen.ts';
import type { JourneyOptions, JourneyResult } from './journey-types.ts';

/** What a person tells agent-1 after their first message, until it proposes (its deterministic intake). */
const FOLLOW_UPS = [
  'The log says "TypeError: res.status is not a function" in every route handler. We need it fixed by Friday, budget is $600.',
  'Nothing else, please go ahead.',
  'Still nothing to add.',
];

/**
 * A customer's way through the API, using only the client generated from its OpenAPI document: a
 * guest asks agent-1 and reads the conversation, signs in, takes the guest conversation over,
 * answers agent-1 until it proposes, and accepts the proposal.
 * @throws Error naming the step whose answer was not the expected one.
 */
export async function runJourney(options: JourneyOptions): Promise<JourneyResult> {
  const client = createClient<paths>({ baseUrl: options.baseUrl, fetch: options.fetch });
  const guest = { 'x-guest-session-id': options.guestId };

  const first = await client.POST('/api/v2/messages', {
    headers: guest,
    body: { content: 'My Next.js app on Vercel returns 500 on every API route after upgrading to App Router', recipientId: 'agent-1' },
  });
  if (!first.data) throw new Error(`sendMessage as a guest: ${first.response.status} ${JSON.stringify(first.error)}`);
  const conversationId = first.data.conversation_id;
  const guestRead = await readUntil(conversationId, guest, (messages) => messages.some((m) => m.sender_id === 'agent-1'));

  const { code, cookie } = await options.signIn();
  const session = await client.POST('/api/auth/session', { headers: { cookie }, body: { code } });
  if (!session.data) throw new Error(`createSession: ${session.response.status} ${JSON.stringify(session.error)}`);
  const signedIn = { authorization: `Bearer ${session.data.token}` };
  const handover = await client.POST('/api/v2/user/update-guest-associations', { headers: { ...signedIn, ...guest } });
  if (!handover.data) throw new Error(`takeOverGuestSession: ${handover.response.status} ${JSON.stringify(handover.error)}`);

  for (const content of FOLLOW_UPS) {
    const sent = await client.POST('/api/v2/messages', { headers: signedIn, body: { content, recipientId: 'agent-1', conversationId } });
    if (!sent.data) throw new Error(`sendMessage signed in: ${sent.response.status} ${JSON.stringify(sent.error)}`);
    const sentId = sent.data.id;
    const messages = await readUntil(
      conversationId,
      signedIn,
      (all) => all.at(-1)?.sender_id === 'agent-1' && all.some((m) => m.id === sentId),
    );
    const proposal = messages.at(-1)!;
    if (proposal.metadata.kind !== 'proposal') continue;
    const accepted = await client.POST('/api/v2/proposals/{messageId}/accept', {
      headers: signedIn,
      params: { path: { messageId: proposal.id } },
    });
    if (!accepted.data) throw new Error(`acceptProposal: ${accepted.response.status} ${JSON.stringify(accepted.error)}`);
    return {
      conversationId,
      guestRead,
      accepted: { status: accepted.data.status, proposalStatus: accepted.data.proposalStatus },
    };
  }
  throw new Error('agent-1 sent no proposal');

  /** Reads the conversation (getConversationMessages) every 200 ms until `done` holds, for at most 30 s. */
  async function readUntil(id: string, headers: Record<string, string>, done: (messages: Messages) => boolean): Promise<Messages> {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const read = await client.GET('/api/v2/conversations/{conversationId}/messages', {
        headers,
        params: { path: { conversationId: id } },
      });
      if (!read.data) throw new Error(`getConversationMessages: ${read.response.status} ${JSON.stringify(read.error)}`);
      if (done(read.data)) return read.data;
      if (Date.now() > deadline) throw new Error(`the conversation did not reach the expected state: ${JSON.stringify(read.data)}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

type Messages = paths['/api/v2/conversations/{conversationId}/messages']['get']['responses'][200]['content']['application/json'];

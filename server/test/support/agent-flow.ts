import { expect } from 'vitest';
import { sendMessage, waitForAgentReply, type Identity, type Target } from './http.ts';

const ANSWERS = [
  'My Next.js app on Vercel returns 500 on every API route after upgrading to App Router',
  'The log says "TypeError: res.status is not a function" in every route handler. We need it fixed by Friday, budget is $600.',
  'Nothing else, please go ahead.',
  'Still nothing to add.',
];

/** Talks to agent-1 as a person would until it sends a proposal. */
export async function reachProposal(target: Target, identity: Identity) {
  let conversationId: string | undefined;
  for (const content of ANSWERS) {
    const sent = await sendMessage(target, identity, conversationId ? { content, conversationId } : { content });
    expect(sent.status).toBe(200);
    conversationId = sent.body.conversation_id as string;
    const list = await waitForAgentReply(target, identity, conversationId, sent.body.id);
    const reply = list.at(-1);
    if (reply.metadata.kind === 'proposal') return { conversationId, proposal: reply, list };
  }
  throw new Error('agent-1 sent no proposal');
}

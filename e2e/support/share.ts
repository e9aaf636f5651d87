import { callJson, sendMessage, waitForAgentReply } from '../../server/test/support/http.ts';
import { signInWithDevProvider } from '../../server/test/support/sign-in.ts';

/** What a person writes to agent-1 until it proposes (the offline intake agent proposes by the third). */
const ANSWERS = [
  'My Next.js app on Vercel returns 500 on every API route after upgrading to App Router',
  'The log says "TypeError: res.status is not a function" in every route handler. We need it fixed by Friday, budget is $600.',
  'Nothing else, please go ahead.',
  'Still nothing to add.',
];

/**
 * A customer reaches a proposal and accepts it; the admin shares the task for a day. Returns the share
 * page's path (`/task-share/{token}`). The server must name admin@example.com in ADMIN_EMAILS and allow
 * two sign-ins (SIGN_IN_RATE_LIMIT).
 */
export async function sharedTaskPath(baseUrl: string): Promise<string> {
  const customer = await signInWithDevProvider(baseUrl, { email: 'customer@example.com', name: 'Casey Customer' });
  const admin = await signInWithDevProvider(baseUrl, { email: 'admin@example.com', name: 'Alice Admin' });
  const identity = { token: customer.token };
  let conversationId: string | undefined;
  for (const content of ANSWERS) {
    const sent = await sendMessage(baseUrl, identity, conversationId ? { content, conversationId } : { content });
    conversationId = sent.body.conversation_id as string;
    const reply = (await waitForAgentReply(baseUrl, identity, conversationId, sent.body.id)).at(-1);
    if (reply.metadata.kind !== 'proposal') continue;
    await callJson(baseUrl, 'POST', `/api/v2/proposals/${reply.id}/accept`, identity);
    const tasks = await callJson(baseUrl, 'GET', '/api/v2/tasks', { token: admin.token });
    const task = (tasks.body as Array<{ id: string; conversationId: string }>).find((t) => t.conversationId === conversationId);
    if (!task) throw new Error('the accepted task is not in the admin list');
    const share = await callJson(baseUrl, 'POST', `/api/admin/tasks/${task.id}/share`, { token: admin.token }, { expiry_hours: 24 });
    return `/task-share/${share.body.share_token as string}`;
  }
  throw new Error('agent-1 sent no proposal');
}

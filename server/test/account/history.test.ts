import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SessionResponse, WorkEstimate } from '@unstuck/contract';
import { conversations, messages } from '../../src/db/schema.ts';
import { callJson } from '../support/http.ts';
import { seedTask } from '../support/seed.ts';
import { signInPerson, signInStaff, STAFF_ENV } from '../support/staff.ts';
import { useTestApp } from '../support/test-app.ts';

const ESTIMATE: WorkEstimate = { hoursLow: 4, hoursHigh: 12, priceLow: 400, priceHigh: 1200, currency: 'USD' };

// A history that remembers (issue 28): finished work stays on the dashboard, Messages titles a thread by
// its task, and the expert's task carries the price the customer accepted.
describe('the customer’s history and the expert’s price', () => {
  const server = useTestApp({ ...STAFF_ENV, AGENT_WORKER: 'false' });
  let staff: Awaited<ReturnType<typeof signInStaff>>;
  let customer: SessionResponse;

  beforeAll(async () => {
    staff = await signInStaff(server);
    customer = await signInPerson(server, 'customer');
  });

  const as = (who: SessionResponse, method: 'GET' | 'POST', path: string, body?: unknown) =>
    callJson(server, method, path, { token: who.token }, body);

  /** An accepted task of the customer whose accepted proposal carried {@link ESTIMATE}. */
  async function acceptedTask(title: string) {
    const seeded = await seedTask(server.database.db, {
      ownerId: customer.user.uid,
      status: 'ACCEPTED',
      title,
      proposal: '### Scope\n- Fix it',
    });
    await server.database.db
      .update(messages)
      .set({
        metadata: {
          kind: 'proposal',
          proposal_status: 'accepted',
          proposal_version: 2,
          intake: { request_type: 'bug_fix', stack: [], ai_tools: [], estimate: ESTIMATE },
        },
      })
      .where(eq(messages.id, seeded.proposalMessageId));
    return seeded;
  }

  it('lists finished work (done, confirmed, rated) with its final proposal, expert, rating and dates, apart from the active jobs', async () => {
    const task = await acceptedTask('Finished checkout fix');
    await as(staff.expert, 'POST', `/api/expert/tasks/${task.taskId}/take`);
    await as(staff.expert, 'POST', `/api/expert/tasks/${task.taskId}/done`);
    expect((await as(customer, 'GET', '/api/v2/user/tasks')).body.finished).toEqual([]);
    await as(customer, 'POST', `/api/v2/user/tasks/${task.taskId}/confirm`);
    await as(customer, 'POST', `/api/v2/user/tasks/${task.taskId}/rating`, { score: 5, comment: 'Great' });

    const { body } = await as(customer, 'GET', '/api/v2/user/tasks');
    expect(body.tasks.map((t: { id: string }) => t.id)).not.toContain(task.taskId);
    expect(body.finished).toEqual([
      expect.objectContaining({
        id: task.taskId,
        title: 'Finished checkout fix',
        status: 'DONE',
        assigneeName: staff.expert.user.name,
        rating: { score: 5, comment: 'Great' },
        completedAt: expect.any(String),
        confirmedAt: expect.any(String),
        proposal: { content: '### Scope\n- Fix it', version: null, acceptedAt: expect.any(String) },
      }),
    ]);
    // Nobody else's history.
    expect((await as(staff.user, 'GET', '/api/v2/user/tasks')).body.finished).toEqual([]);
  });

  it('titles a Messages thread by its task, not by its first message', async () => {
    const task = await acceptedTask('Stripe webhook retries');
    await server.database.db
      .update(conversations)
      .set({ title: 'hi, my payments page does weird things since' })
      .where(eq(conversations.id, task.conversationId));
    const inbox = (await as(customer, 'GET', '/api/v2/conversations')).body;
    expect(inbox.conversations.find((c: { id: string }) => c.id === task.conversationId).title).toBe('Stripe webhook retries');
  });

  it('gives the expert the accepted price range and hours on the task card and in its view', async () => {
    const task = await acceptedTask('Priced task');
    const workspace = (await as(staff.expert, 'GET', '/api/expert/tasks')).body;
    const card = [...workspace.matched, ...workspace.unassigned].find((t: { id: string }) => t.id === task.taskId);
    expect(card.estimate).toEqual(ESTIMATE);
    expect((await as(staff.expert, 'GET', `/api/expert/tasks/${task.taskId}`)).body.estimate).toEqual(ESTIMATE);
  });
});

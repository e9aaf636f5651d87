import { expect } from 'vitest';
import type { SessionResponse } from '@unstuck/contract';
import { reachProposal } from '../support/agent-flow.ts';
import { callJson, readMessages } from '../support/http.ts';
import type { TestApp } from '../support/test-app.ts';

/** A customer's accepted task on the test app: its ids and the proposal's estimate as the customer saw it. */
export async function acceptTask(t: TestApp, customer: SessionResponse) {
  const target = { app: t.app };
  const { conversationId, proposal } = await reachProposal(target, { token: customer.token });
  const accepted = await callJson(target, 'POST', `/api/v2/proposals/${proposal.id}/accept`, { token: customer.token });
  expect(accepted.status).toBe(200);
  return { conversationId, taskId: accepted.body.task_id as string, estimate: proposal.metadata.intake.estimate };
}

/** The customer's view of the task of a conversation (`payment` included). */
export const customerTask = async (t: TestApp, customer: SessionResponse, conversationId: string) =>
  (await callJson({ app: t.app }, 'GET', `/api/v2/conversations/${conversationId}/task`, { token: customer.token })).body;

/** Whether the task is in the expert workspace at all. */
export async function inWorkspace(t: TestApp, expert: SessionResponse, taskId: string): Promise<boolean> {
  const { body } = await callJson({ app: t.app }, 'GET', '/api/expert/tasks', { token: expert.token });
  return [...body.matched, ...body.unassigned, ...body.mine, ...body.done].some((task: { id: string }) => task.id === taskId);
}

/** The contents of the conversation's payment event lines, in order. */
export async function paymentLines(t: TestApp, customer: SessionResponse, conversationId: string): Promise<string[]> {
  const { body } = await readMessages({ app: t.app }, { token: customer.token }, conversationId);
  return body.filter((message: any) => message.metadata?.event?.kind === 'payment').map((message: any) => message.content);
}

/** The expert takes the task and marks it done after `hours` hours. */
export async function finishWork(t: TestApp, expert: SessionResponse, taskId: string, hours: number) {
  const target = { app: t.app };
  expect((await callJson(target, 'POST', `/api/expert/tasks/${taskId}/take`, { token: expert.token })).status).toBe(200);
  return callJson(target, 'POST', `/api/expert/tasks/${taskId}/status`, { token: expert.token }, { status: 'DONE', hours });
}

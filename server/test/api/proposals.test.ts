import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messages, tasks } from '../../src/db/schema.ts';
import { databaseKinds } from '../support/databases.ts';
import { reachProposal } from '../support/agent-flow.ts';
import { callJson, newGuestId, sendMessage, waitForAgentReply, waitForMessages } from '../support/http.ts';
import { useTestApp } from '../support/test-app.ts';
import { signInAs } from '../support/test-server.ts';

describe.each(databaseKinds)('proposals on %s', (kind) => {
  const server = useTestApp({}, { kind });

  const taskOf = async (conversationId: string) => {
    const [task] = await server.database.db.select().from(tasks).where(eq(tasks.conversationId, conversationId));
    return task!;
  };

  it('a described request reaches a proposal with an estimate, and the task waits for acceptance', async () => {
    const { token } = await signInAs(server);
    const { conversationId, proposal } = await reachProposal(server, { token });
    expect(proposal.content).toMatch(/estimate/i);
    expect(proposal.content).toMatch(/\$\d/);
    expect(proposal.metadata).toMatchObject({ kind: 'proposal', proposal_status: 'pending' });
    expect(proposal.metadata.intake).toMatchObject({
      request_type: 'bug_fix',
      stack: expect.arrayContaining(['Next.js', 'Vercel']),
      ai_tools: [],
    });
    expect(proposal.metadata.intake.estimate.hoursHigh).toBeGreaterThan(proposal.metadata.intake.estimate.hoursLow);
    const task = await taskOf(conversationId);
    expect(task).toMatchObject({
      status: 'PENDING_ACCEPTANCE',
      proposalStatus: 'pending',
      proposalMessageId: proposal.id,
      endUserAcceptedTask: false,
    });
    expect(task.proposalContent).toBe(proposal.content);
    expect(task.clarifiedScope).toBeTruthy();
    expect(task.jobSummaryForEngineer).toMatch(/Next\.js/);
  });

  it('accepting a proposal marks the task accepted, once', async () => {
    const { token } = await signInAs(server);
    const { conversationId, proposal } = await reachProposal(server, { token });
    const accepted = await callJson(server, 'POST', `/api/v2/proposals/${proposal.id}/accept`, { token });
    expect(accepted.status).toBe(200);
    // No SMTP_URL here: no email leaves the server, so the thank-you modal must not promise one.
    expect(accepted.body).toMatchObject({
      message_id: proposal.id,
      status: 'ACCEPTED',
      proposalStatus: 'accepted',
      confirmationEmailTo: null,
    });
    const task = await taskOf(conversationId);
    expect(task).toMatchObject({ status: 'ACCEPTED', endUserAcceptedTask: true, proposalStatus: 'accepted' });
    expect(task.proposalAcceptedAt?.toISOString()).toBe(accepted.body.proposalAcceptedAt);
    const again = await callJson(server, 'POST', `/api/v2/proposals/${proposal.id}/accept`, { token });
    expect(again.body.proposalAcceptedAt).toBe(accepted.body.proposalAcceptedAt);
    const [stored] = await server.database.db.select().from(messages).where(eq(messages.id, proposal.id));
    expect(stored?.metadata).toMatchObject({ kind: 'proposal', proposal_status: 'accepted' });
    const modify = await callJson(server, 'POST', `/api/v2/proposals/${proposal.id}/modify`, { token });
    expect(modify).toEqual({ status: 409, body: { code: 'conflict', detail: 'This proposal is already accepted' } });
  });

  it('modify asks what to change, and the answer brings a revised proposal', async () => {
    const { token } = await signInAs(server);
    const { conversationId, proposal, list } = await reachProposal(server, { token });
    const modified = await callJson(server, 'POST', `/api/v2/proposals/${proposal.id}/modify`, { token });
    expect(modified.body).toMatchObject({ status: 'PENDING_ACCEPTANCE', proposalStatus: 'modification_requested' });
    const afterModify = await waitForMessages(server, { token }, conversationId, (all) => all.length === list.length + 1);
    const question = afterModify.at(-1);
    expect(question).toMatchObject({ sender_id: 'agent-1', metadata: { kind: 'question' } });
    const change = await sendMessage(server, { token }, { content: 'Please make it cheaper: budget is $300 now.', conversationId });
    const revisedList = await waitForAgentReply(server, { token }, conversationId, change.body.id);
    const revised = revisedList.at(-1);
    expect(revised.metadata).toMatchObject({ kind: 'proposal', proposal_status: 'pending', intake: { request_type: 'bug_fix' } });
    const task = await taskOf(conversationId);
    expect(task).toMatchObject({ proposalMessageId: revised.id, proposalStatus: 'pending', status: 'PENDING_ACCEPTANCE' });
    const stale = await callJson(server, 'POST', `/api/v2/proposals/${proposal.id}/accept`, { token });
    expect(stale).toEqual({ status: 409, body: { code: 'conflict', detail: 'This proposal was replaced by a newer one' } });
  });

  it('a revised proposal is version 2 with its changes; v1 is refused once v2 exists, and accepting v2 records it', async () => {
    const { token } = await signInAs(server);
    const { conversationId, proposal, list } = await reachProposal(server, { token });
    expect(proposal.metadata.proposal_version).toBe(1);
    expect(proposal.metadata.proposal_changes).toBeUndefined();
    expect((await taskOf(conversationId)).proposalVersion).toBe(1);
    const modified = await callJson(server, 'POST', `/api/v2/proposals/${proposal.id}/modify`, { token });
    expect(modified.body).toMatchObject({ proposalStatus: 'modification_requested', proposalVersion: 1 });
    await waitForMessages(server, { token }, conversationId, (all) => all.length === list.length + 1);
    const change = await sendMessage(server, { token }, { content: 'Please also add an admin dashboard.', conversationId });
    const revised = (await waitForAgentReply(server, { token }, conversationId, change.body.id)).at(-1);
    expect(revised.metadata).toMatchObject({ kind: 'proposal', proposal_version: 2 });
    const changes = revised.metadata.proposal_changes;
    expect(changes.scope_added).toEqual(['Admin dashboard']);
    expect(changes.scope_removed).toEqual([]);
    expect(changes.estimate.before).toEqual(proposal.metadata.intake.estimate);
    expect(changes.estimate.after).toEqual(revised.metadata.intake.estimate);
    expect(changes.estimate.after.hoursHigh).toBeGreaterThan(changes.estimate.before.hoursHigh);

    const stale = await callJson(server, 'POST', `/api/v2/proposals/${proposal.id}/accept`, { token });
    expect(stale).toEqual({ status: 409, body: { code: 'conflict', detail: 'This proposal was replaced by a newer one' } });
    const accepted = await callJson(server, 'POST', `/api/v2/proposals/${revised.id}/accept`, { token });
    expect(accepted.body).toMatchObject({ message_id: revised.id, status: 'ACCEPTED', proposalVersion: 2 });
    expect(await taskOf(conversationId)).toMatchObject({ proposalMessageId: revised.id, proposalStatus: 'accepted', proposalVersion: 2 });
  });

  it('only the signed-in owner may act on a proposal', async () => {
    const { token } = await signInAs(server);
    const { proposal } = await reachProposal(server, { token });
    const other = await signInAs(server);
    const path = `/api/v2/proposals/${proposal.id}/accept`;
    expect(await callJson(server, 'POST', path, { token: other.token })).toEqual({
      status: 404,
      body: { code: 'not_found', detail: 'Proposal not found' },
    });
    expect(await callJson(server, 'POST', path, { guest: newGuestId() })).toEqual({
      status: 401,
      body: { code: 'unauthenticated', detail: 'Authentication required' },
    });
    expect(await callJson(server, 'POST', path, null)).toEqual({
      status: 401,
      body: { code: 'unauthenticated', detail: 'Authentication required' },
    });
    expect((await callJson(server, 'POST', '/api/v2/proposals/not-a-uuid/accept', { token })).status).toBe(400);
  });

  it('a message that is not a proposal cannot be accepted', async () => {
    const { token } = await signInAs(server);
    const sent = await sendMessage(server, { token }, { content: 'hi' });
    const answer = await callJson(server, 'POST', `/api/v2/proposals/${sent.body.id}/accept`, { token });
    expect(answer).toEqual({ status: 404, body: { code: 'not_found', detail: 'Proposal not found' } });
  });

  it("once a proposal exists, accepting or modifying a question or the person's own message answers 404", async () => {
    const { token } = await signInAs(server);
    const { list } = await reachProposal(server, { token });
    const question = list.find((message) => message.metadata.kind === 'question');
    const own = list.find((message) => message.sender_id !== 'agent-1');
    for (const message of [question, own]) {
      for (const action of ['accept', 'modify']) {
        const answer = await callJson(server, 'POST', `/api/v2/proposals/${message.id}/${action}`, { token });
        expect(answer).toEqual({ status: 404, body: { code: 'not_found', detail: 'Proposal not found' } });
      }
    }
  });
});

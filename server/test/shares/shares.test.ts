import { beforeAll, describe, expect, it } from 'vitest';
import { SHARE_ERROR_TEXT, TASK_SECTION_MARKER } from '@unstuck/contract';
import { callJson, sendMessage, fetchOn } from '../support/http.ts';
import { seedTask, unknownId } from '../support/seed.ts';
import { signInExpert, signInPerson, signInStaff, STAFF_ENV } from '../support/staff.ts';
import { MovableClock } from '../support/test-server.ts';
import { useTestApp } from '../support/test-app.ts';

const HOUR = 60 * 60 * 1000;
const PNG = Uint8Array.from(
  Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64'),
);
const FAILURE_LIMIT = 6;

describe('task share links', () => {
  const clock = new MovableClock();
  // Tests pose as clients behind our proxy (X-Forwarded-For), which runs on this machine.
  const server = useTestApp(
    { ...STAFF_ENV, AGENT_WORKER: 'false', SHARE_LINK_FAILURE_LIMIT: String(FAILURE_LIMIT), TRUST_PROXY: 'loopback' },
    { clock },
  );
  let admin = { token: '' };
  let staff: Awaited<ReturnType<typeof signInStaff>>;
  // Each test comes from its own address, so the wrong-token limit of one test does not touch another.
  let address = 0;
  let from = '';

  beforeAll(async () => {
    staff = await signInStaff(server);
    admin = { token: staff.admin.token };
  });

  const nextAddress = () => {
    address += 1;
    from = `198.51.100.${address}`;
  };
  const share = async (taskId: string, body: unknown = {}) => callJson(server, 'POST', `/api/admin/tasks/${taskId}/share`, admin, body);
  const open = async (token: string) => {
    const response = await fetchOn(server, `/api/task-share/${token}`, { headers: { 'x-forwarded-for': from } });
    return { status: response.status, headers: response.headers, body: (await response.json()) as any };
  };
  const requestAccess = (token: string, body: unknown) =>
    fetchOn(server, `/api/task-share/${token}/request-access`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': from },
      body: JSON.stringify(body),
    }).then(async (response) => ({ status: response.status, body: (await response.json()) as any }));

  it('a new link carries a 256-bit token, the /task-share link and an expiry 24 hours on by default', async () => {
    nextAddress();
    const { taskId } = await seedTask(server.database.db);
    const before = clock.now().getTime();
    const created = await share(taskId);
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(String),
      share_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      token: created.body.share_token,
      // The link is on the origin the request came to: app.inject's default host.
      share_url: `http://localhost:80/task-share/${created.body.share_token}`,
      expires_at: expect.any(String),
      expiry_hours: 24,
    });
    const lifetime = new Date(created.body.expires_at).getTime() - before;
    expect(Math.abs(lifetime - 24 * HOUR)).toBeLessThan(60_000);
    expect((await share(taskId, { expiry_hours: 2 })).body.expiry_hours).toBe(2);
    expect(await share(taskId, { expiry_hours: 0 })).toEqual({
      status: 400,
      body: { code: 'invalid_request', detail: 'expiry_hours: expiry_hours must be at least 1' },
    });
    expect((await share(unknownId())).status).toBe(404);
    const links = await callJson(server, 'GET', `/api/admin/tasks/${taskId}/shares`, admin);
    expect(links.body.shares.map((s: any) => s.status)).toEqual(['active', 'active']);
    expect(JSON.stringify(links.body)).not.toContain(created.body.token);
  });

  it('a valid link shows the task and its conversation as the customer saw it, and nothing that names the customer', async () => {
    nextAddress();
    const customer = await signInPerson(server, 'customer');
    const seeded = await seedTask(server.database.db, { ownerId: customer.user.uid, title: 'Stripe webhooks fail' });
    const created = await share(seeded.taskId);
    const answer = await open(created.body.token);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('referrer-policy')).toBe('no-referrer');
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.body).toEqual({
      task: {
        id: seeded.taskId,
        title: 'Stripe webhooks fail',
        status: 'ACCEPTED',
        createdAt: expect.any(String),
        endUserAcceptedTask: true,
        description: expect.any(String),
        clarifiedScope: '- Fix the checkout crash',
        jobSummaryForEngineer: 'Goal: fix checkout\nType: bug fix',
        code_analysis: null,
        code_analysis_state: null,
        code_analysis_failure: null,
      },
      client: { reference_id: expect.stringMatching(/^C-[0-9A-F]{8}$/), task_type: 'bug fix' },
      conversation_messages: [
        expect.objectContaining({ sender_id: 'user', sender_role: 'user' }),
        expect.objectContaining({ sender_id: 'agent-1', sender_role: 'agent' }),
      ],
      share_info: { created_at: expect.any(String), expires_at: created.body.expires_at },
    });
    const text = JSON.stringify(answer.body);
    expect(text).not.toContain(customer.user.uid);
    expect(text).not.toContain(customer.user.email!);
    expect(text).not.toContain(TASK_SECTION_MARKER);
    expect(text).not.toContain('Staff only');
  });

  it('tells event lines by role too: the expert who took the task is not named', async () => {
    nextAddress();
    const seeded = await seedTask(server.database.db, { status: 'ACCEPTED' });
    const expert = await signInExpert(server, staff.admin, 'eve');
    expect((await callJson(server, 'POST', `/api/expert/tasks/${seeded.taskId}/take`, { token: expert.token })).status).toBe(200);
    expect(
      (
        await callJson(
          server,
          'POST',
          `/api/expert/tasks/${seeded.taskId}/status`,
          { token: expert.token },
          { status: 'WAITING_ON_CUSTOMER' },
        )
      ).status,
    ).toBe(200);
    const answer = await open((await share(seeded.taskId)).body.token);
    expect(answer.status).toBe(200);
    const lines = (answer.body.conversation_messages as Array<{ sender_role: string; content: string }>).filter(
      (message) => message.sender_role === 'system',
    );
    expect(lines.map((line) => line.content)).toEqual(['An expert took the task', "Waiting on the customer's answer"]);
    expect(JSON.stringify(answer.body)).not.toContain(expert.user.name!);
  });

  it('serves only the allowlisted fields of each message: never its metadata', async () => {
    nextAddress();
    const seeded = await seedTask(server.database.db, { status: 'PENDING_ACCEPTANCE' });
    // An agent writes metadata of its own into the conversation (the agent REST call).
    const agentKey = (
      await callJson(server, 'POST', '/api/admin/agents/apikeys', admin, { agentId: 'agent-1', agentName: 'Outside', rotate: true })
    ).body.api_key as string;
    const written = await fetchOn(server, '/api/messages', {
      method: 'POST',
      headers: { 'x-agent-key': agentKey, 'content-type': 'application/json' },
      body: JSON.stringify({
        conversationId: seeded.conversationId,
        content: 'A note for the customer',
        followUp: true,
        metadata: { internal_note: 'metadata-only-secret', estimate_margin: 0.4 },
      }),
    });
    expect(written.status).toBe(201);

    const answer = await open((await share(seeded.taskId)).body.token);
    expect(answer.status).toBe(200);
    expect(answer.body.conversation_messages).toHaveLength(3);
    for (const message of answer.body.conversation_messages) {
      expect(Object.keys(message).sort()).toEqual(['attachments', 'content', 'created_at', 'id', 'sender_id', 'sender_role']);
    }
    const text = JSON.stringify(answer.body);
    for (const hidden of [
      'metadata',
      'metadata-only-secret',
      'estimate_margin',
      'proposal_status',
      'reply_to_message_id',
      'recipient_id',
    ]) {
      expect(text).not.toContain(hidden);
    }
  });

  it("a guest customer's session id never appears on the share page", async () => {
    nextAddress();
    const seeded = await seedTask(server.database.db);
    const answer = await open((await share(seeded.taskId)).body.token);
    expect(JSON.stringify(answer.body)).not.toContain(seeded.ownerId);
  });

  it('an expired link answers 410 with the spec text; a revoked one 403; unknown and malformed ones 404', async () => {
    nextAddress();
    const { taskId } = await seedTask(server.database.db);
    const shortLived = (await share(taskId, { expiry_hours: 1 })).body;
    const revoked = (await share(taskId)).body;
    expect((await open(shortLived.token)).status).toBe(200);
    expect(await callJson(server, 'DELETE', `/api/admin/shares/${revoked.id}`, admin)).toMatchObject({
      status: 200,
      body: { status: 'revoked' },
    });
    expect(await open(revoked.token)).toMatchObject({
      status: 403,
      body: { code: 'share_link_revoked', detail: SHARE_ERROR_TEXT.inactive },
    });

    clock.advance(HOUR + 1000);
    expect(await open(shortLived.token)).toMatchObject({
      status: 410,
      body: { code: 'share_link_expired', detail: SHARE_ERROR_TEXT.expired },
    });
    const unknown = 'A'.repeat(43);
    expect(await open(unknown)).toMatchObject({ status: 404, body: { code: 'not_found', detail: SHARE_ERROR_TEXT.notFound } });
    expect(await open('not-a-token')).toMatchObject({ status: 404, body: { code: 'not_found', detail: SHARE_ERROR_TEXT.notFound } });
    expect(await open('%20')).toMatchObject({ status: 404, body: { code: 'not_found', detail: SHARE_ERROR_TEXT.notFound } });
    const states = (await callJson(server, 'GET', `/api/admin/tasks/${taskId}/shares`, admin)).body.shares.map((s: any) => s.status);
    expect(states.sort()).toEqual(['expired', 'revoked']);
  });

  it('a deleted task takes its links with it', async () => {
    nextAddress();
    const { taskId } = await seedTask(server.database.db);
    const created = (await share(taskId)).body;
    await callJson(server, 'DELETE', `/api/admin/tasks/${taskId}`, admin);
    expect((await open(created.token)).status).toBe(404);
  });

  it('attachments are served through the link while it is valid, and not after it expires', async () => {
    nextAddress();
    const customer = await signInPerson(server, 'with-file');
    const sent = await sendMessage(
      server,
      { token: customer.token },
      { content: 'The error is in this screenshot' },
      { name: 'error.png', type: 'image/png', data: PNG },
    );
    const tasks = (await callJson(server, 'GET', '/api/v2/tasks', admin)).body;
    const task = tasks.find((t: any) => t.conversationId === sent.body.conversation_id);
    const created = (await share(task.id, { expiry_hours: 1 })).body;
    const answer = await open(created.token);
    const [attachment] = answer.body.conversation_messages[0].attachments;
    expect(attachment).toEqual({
      url: `/api/task-share/${created.token}/files/0`,
      file_name: 'error.png',
      size: PNG.length,
      content_type: 'image/png',
    });
    expect(JSON.stringify(answer.body)).not.toContain(/[0-9a-f-]{36}/.exec(sent.body.attachment_url)![0]);
    const file = await fetchOn(server, attachment.url, { headers: { 'x-forwarded-for': from } });
    expect(file.status).toBe(200);
    expect(file.headers.get('cache-control')).toBe('no-store');
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(PNG);
    expect((await fetchOn(server, `/api/task-share/${created.token}/files/1`, { headers: { 'x-forwarded-for': from } })).status).toBe(404);

    clock.advance(HOUR + 1000);
    expect((await fetchOn(server, attachment.url, { headers: { 'x-forwarded-for': from } })).status).toBe(410);
  });

  it('repeated wrong tokens from one address are answered 429 with Retry-After, even for a valid token; other addresses are not affected', async () => {
    nextAddress();
    const { taskId } = await seedTask(server.database.db);
    const valid = (await share(taskId)).body.token;
    for (let i = 0; i < FAILURE_LIMIT; i += 1) expect((await open(`wrong-${i}`)).status).toBe(404);
    const blocked = await open(valid);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    nextAddress();
    expect((await open(valid)).status).toBe(200);
  });

  it('an access request from an expired link is stored and listed for admins; the form is validated', async () => {
    nextAddress();
    const { taskId } = await seedTask(server.database.db, { title: 'Needs access' });
    const created = (await share(taskId, { expiry_hours: 1 })).body;
    clock.advance(HOUR + 1000);
    const body = { name: 'Erin Engineer', email: 'erin@example.com', message: 'I am the expert on this one.' };
    expect(await requestAccess(created.token, body)).toEqual({ status: 200, body: { status: 'ok' } });
    expect(await requestAccess(created.token, { ...body, email: 'not-an-email' })).toEqual({
      status: 400,
      body: { code: 'invalid_request', detail: 'email: email must be an email address' },
    });
    expect((await requestAccess(created.token, { ...body, message: '  ' })).status).toBe(400);
    expect((await requestAccess('B'.repeat(43), body)).status).toBe(404);

    const listed = await callJson(server, 'GET', `/api/admin/access-requests?task_id=${taskId}`, admin);
    expect(listed.body.access_requests).toEqual([
      {
        id: expect.any(String),
        share_id: created.id,
        task_id: taskId,
        task_title: 'Needs access',
        created_at: expect.any(String),
        status: 'pending',
        decided_at: null,
        ...body,
      },
    ]);
    const task = (await callJson(server, 'GET', '/api/v2/tasks', admin)).body.find((t: any) => t.id === taskId);
    expect(task.accessRequestCount).toBe(1);
  });

  it('access requests from one address are limited', async () => {
    nextAddress();
    const { taskId } = await seedTask(server.database.db);
    const token = (await share(taskId)).body.token;
    const body = { name: 'Spam', email: 'spam@example.com', message: 'again' };
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await requestAccess(token, body)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

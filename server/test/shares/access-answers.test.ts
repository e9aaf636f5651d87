import { beforeAll, describe, expect, it } from 'vitest';
import type { OutboxEmail, OutboxEntry } from '@unstuck/contract';
import { callJson, fetchOn, type Identity } from '../support/http.ts';
import { seedTask, unknownId } from '../support/seed.ts';
import { signInStaff, STAFF_ENV } from '../support/staff.ts';
import { useTestApp } from '../support/test-app.ts';
import { until } from '../support/until.ts';

const ORIGIN = 'http://app.test';

describe('answering access requests', () => {
  const server = useTestApp({ ...STAFF_ENV, AGENT_WORKER: 'false', PUBLIC_URL: ORIGIN });
  let admin: Identity = { token: '' };
  let customer: Identity = { token: '' };

  beforeAll(async () => {
    const staff = await signInStaff(server);
    admin = { token: staff.admin.token };
    customer = { token: staff.user.token };
    // Emails stay in the outbox (no SMTP_URL), where the test reads them.
    await server.runtime.startEmailWorkers(ORIGIN);
  });

  /** A task with a revoked link and one access request from `email` on it. @returns the request's id and the task's. */
  async function pendingRequest(email: string) {
    const { taskId } = await seedTask(server.database.db, { title: 'Needs access' });
    const link = (await callJson(server, 'POST', `/api/admin/tasks/${taskId}/share`, admin, {})).body;
    await callJson(server, 'DELETE', `/api/admin/shares/${link.id}`, admin);
    const asked = await fetchOn(server, `/api/task-share/${link.token}/request-access`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Erin Engineer', email, message: 'I review this code.' }),
    });
    expect(asked.status).toBe(200);
    const listed = await callJson(server, 'GET', `/api/admin/access-requests?task_id=${taskId}`, admin);
    expect(listed.body.access_requests[0]).toMatchObject({ status: 'pending', decided_at: null });
    return { id: listed.body.access_requests[0].id as string, taskId };
  }

  /** Waits for the one email to `to`, then reads it whole from the outbox. */
  async function emailTo(to: string): Promise<OutboxEmail> {
    let found: OutboxEntry | undefined;
    await until(
      async () => {
        const page = await callJson(server, 'GET', '/api/admin/outbox?limit=200', admin);
        found = (page.body.emails as OutboxEntry[]).find((email) => email.to === to);
        return found !== undefined;
      },
      10_000,
      `the email to ${to}`,
    );
    return (await callJson(server, 'GET', `/api/admin/outbox/${found!.id}`, admin)).body as OutboxEmail;
  }

  it('approving makes a new share link of the task and emails it to the requester, once', async () => {
    const { id, taskId } = await pendingRequest('erin@example.org');
    const approved = await callJson(server, 'POST', `/api/admin/access-requests/${id}/approve`, admin, { expiry_hours: 48 });
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ id, task_id: taskId, status: 'approved', decided_at: expect.any(String) });

    const shares = (await callJson(server, 'GET', `/api/admin/tasks/${taskId}/shares`, admin)).body.shares;
    expect(shares.map((share: { status: string }) => share.status)).toEqual(['active', 'revoked']);
    const email = await emailTo('erin@example.org');
    expect(email).toMatchObject({ event: 'access_approved', template: 'access-approved', subject: 'Your access to “Needs access”' });
    const link = new RegExp(`${ORIGIN}/task-share/([A-Za-z0-9_-]{43})`).exec(email.text);
    expect(link).not.toBeNull();
    // The emailed link opens the task; the requester has no account, so the email has no unsubscribe link.
    const opened = await callJson(server, 'GET', `/api/task-share/${link![1]}`, null);
    expect(opened.status).toBe(200);
    expect(opened.body.task.id).toBe(taskId);
    expect(email.headers['List-Unsubscribe']).toBeUndefined();
    expect(email.text).not.toContain('Unsubscribe');

    const again = await callJson(server, 'POST', `/api/admin/access-requests/${id}/decline`, admin);
    expect(again).toEqual({ status: 409, body: { code: 'conflict', detail: 'This access request was already answered.' } });
  });

  it('declining emails a short note and makes no link', async () => {
    const { id, taskId } = await pendingRequest('dan@example.org');
    const declined = await callJson(server, 'POST', `/api/admin/access-requests/${id}/decline`, admin);
    expect(declined.body).toMatchObject({ id, status: 'declined' });
    const shares = (await callJson(server, 'GET', `/api/admin/tasks/${taskId}/shares`, admin)).body.shares;
    expect(shares).toHaveLength(1);
    const email = await emailTo('dan@example.org');
    expect(email).toMatchObject({ event: 'access_declined', subject: 'Your access request for “Needs access”' });
    expect(email.text).toContain('We cannot give you access to it this time.');
    expect(email.text).not.toContain('/task-share/');
  });

  it('only admins answer; an unknown request is 404', async () => {
    const { id } = await pendingRequest('fay@example.org');
    expect((await callJson(server, 'POST', `/api/admin/access-requests/${id}/approve`, customer, {})).status).toBe(403);
    expect((await callJson(server, 'POST', `/api/admin/access-requests/${id}/decline`, null)).status).toBe(401);
    expect((await callJson(server, 'POST', `/api/admin/access-requests/${unknownId()}/approve`, admin, {})).status).toBe(404);
    expect((await callJson(server, 'POST', `/api/admin/access-requests/${id}/approve`, admin, { expiry_hours: 0 })).status).toBe(400);
  });
});

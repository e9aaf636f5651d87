import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { conversations, files, messages, tasks, users } from '../../src/db/schema.ts';
import { callJson, newGuestId, sendMessage, fetchOn } from '../support/http.ts';
import { participantIdOf, seedTask } from '../support/seed.ts';
import { signInPerson, signInStaff, STAFF_ENV } from '../support/staff.ts';
import { useTestApp } from '../support/test-app.ts';

const PNG = Uint8Array.from(
  Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64'),
);

describe('admin user management', () => {
  // agent-1 stays quiet: these tests count messages.
  const server = useTestApp({ ...STAFF_ENV, AGENT_WORKER: 'false' });
  let admin = { token: '' };
  let adminId = '';

  beforeAll(async () => {
    const people = await signInStaff(server);
    admin = { token: people.admin.token };
    adminId = people.admin.user.uid;
  });

  const call = (method: 'GET' | 'POST' | 'DELETE', pathName: string, body?: unknown) => callJson(server, method, pathName, admin, body);
  const rowCount = async (table: typeof messages | typeof conversations | typeof tasks | typeof files, column: any, value: string) =>
    (await server.database.db.select().from(table).where(eq(column, value))).length;

  it('lists signed-in users and guests, a guest under its placeholder name and its participant id', async () => {
    const person = await signInPerson(server, 'listed');
    const guest = newGuestId();
    expect((await sendMessage(server, { guest }, { content: 'Hello from a guest' })).status).toBe(200);
    const participant = await participantIdOf(server.database.db, guest);
    expect(participant).toMatch(/^participant-[0-9a-f]{32}$/);
    const list = await call('GET', '/api/admin/users');
    expect(list.status).toBe(200);
    expect(JSON.stringify(list.body)).not.toContain(guest);
    expect(list.body.find((u: any) => u.uid === participant)).toEqual({
      uid: participant,
      name: `Guest ${participant.slice('participant-'.length, 'participant-'.length + 6)}`,
      email: 'Guest User',
      role: 'guest',
      isExpert: false,
      isGuest: true,
      sessionId: participant,
      lastLogin: null,
      provider: null,
    });
    expect(list.body.find((u: any) => u.uid === person.user.uid)).toMatchObject({
      email: person.user.email,
      role: 'user',
      isExpert: false,
      isGuest: false,
      sessionId: null,
      lastLogin: expect.any(String),
      provider: 'dev',
    });
    expect(list.body.find((u: any) => u.uid === adminId)).toMatchObject({ role: 'admin' });
  });

  it('setting a user as expert shows in the list and in their next token, and is written to the audit log', async () => {
    const person = await signInPerson(server, 'future-expert');
    const answer = await call('POST', '/api/admin/users/set-expert', { userId: person.user.uid, isExpert: true });
    expect(answer).toEqual({
      status: 200,
      body: { success: true, user: expect.objectContaining({ uid: person.user.uid, isExpert: true }) },
    });
    const refreshed = await callJson(server, 'POST', '/api/auth/refresh', { token: person.token });
    expect(refreshed.body.user).toMatchObject({ expert: true, admin: false });
    const audit = await call('GET', '/api/admin/audit-log?limit=5');
    expect(audit.body.entries[0]).toMatchObject({
      actor_id: adminId,
      actor_email: 'admin@example.com',
      action: 'user.set_expert',
      target_type: 'user',
      target_id: person.user.uid,
      details: { isExpert: true },
    });
  });

  it('refuses to make a guest or an unknown user an expert', async () => {
    const guest = newGuestId();
    await sendMessage(server, { guest }, { content: 'hi' });
    expect(
      await call('POST', '/api/admin/users/set-expert', { userId: await participantIdOf(server.database.db, guest), isExpert: true }),
    ).toEqual({
      status: 400,
      body: { code: 'invalid_request', detail: 'A guest cannot be an expert; they must sign in first' },
    });
    expect((await call('POST', '/api/admin/users/set-expert', { userId: 'nobody', isExpert: true })).status).toBe(404);
    // Admins name a guest by its participant id; its guest id names nobody to them.
    expect((await call('POST', '/api/admin/users/set-expert', { userId: guest, isExpert: true })).status).toBe(404);
    expect(await call('POST', '/api/admin/users/set-expert', { userId: 'x' })).toEqual({
      status: 400,
      body: { code: 'invalid_request', detail: 'isExpert: isExpert must be true or false' },
    });
  });

  it('refreshing provider data puts back the name and email the provider last sent, and counts the tasks it changes', async () => {
    const person = await signInPerson(server, 'renamed');
    await sendMessage(server, { token: person.token }, { content: 'My app needs a fix' });
    await server.database.db.update(users).set({ name: 'Edited Name', email: 'edited@example.com' }).where(eq(users.id, person.user.uid));
    const answer = await call('POST', `/api/admin/users/${person.user.uid}/refresh-dev-data`);
    expect(answer).toEqual({ status: 200, body: { user_data: { name: person.user.name, email: person.user.email }, updated_tasks: 1 } });
    const again = await call('POST', `/api/admin/users/${person.user.uid}/refresh-dev-data`);
    expect(again.body.updated_tasks).toBe(0);
  });

  it('refreshing from a provider the user does not use, or for a guest, is refused with a reason', async () => {
    const person = await signInPerson(server, 'wrong-provider');
    expect(await call('POST', `/api/admin/users/${person.user.uid}/refresh-linkedin-data`)).toEqual({
      status: 400,
      body: { code: 'invalid_request', detail: 'This user does not sign in with "linkedin"; they use "dev"' },
    });
    const guest = newGuestId();
    await sendMessage(server, { guest }, { content: 'hi' });
    expect((await call('POST', `/api/admin/users/${await participantIdOf(server.database.db, guest)}/refresh-dev-data`)).body.detail).toBe(
      'Guests have no identity provider data to refresh',
    );
    expect((await call('POST', '/api/admin/users/nobody/refresh-dev-data')).status).toBe(404);
  });

  it('deleting a user removes their messages, conversations, tasks and files, the stored bytes too', async () => {
    const person = await signInPerson(server, 'leaving');
    const sent = await sendMessage(
      server,
      { token: person.token },
      { content: 'See the screenshot' },
      { name: 'shot.png', type: 'image/png', data: PNG },
    );
    const conversationId = sent.body.conversation_id;
    const [file] = await server.database.db.select().from(files).where(eq(files.ownerId, person.user.uid));
    const storedAt = path.join(server.dataDir, 'uploads', file!.storageKey);
    expect(existsSync(storedAt)).toBe(true);

    const answer = await call('DELETE', `/api/admin/users/${person.user.uid}`);
    expect(answer).toEqual({
      status: 200,
      body: { deleted_user_id: person.user.uid, deleted_conversations: 1, deleted_messages: 1, deleted_tasks: 1, deleted_files: 1 },
    });
    expect(await rowCount(messages, messages.conversationId, conversationId)).toBe(0);
    expect(await rowCount(conversations, conversations.id, conversationId)).toBe(0);
    expect(await rowCount(tasks, tasks.conversationId, conversationId)).toBe(0);
    expect(await rowCount(files, files.ownerId, person.user.uid)).toBe(0);
    expect(existsSync(storedAt)).toBe(false);
    expect((await fetchOn(server, sent.body.attachment_url)).status).toBe(404);
    expect((await call('GET', '/api/admin/users')).body.some((u: any) => u.uid === person.user.uid)).toBe(false);
    expect((await call('DELETE', `/api/admin/users/${person.user.uid}`)).status).toBe(404);
  });

  it('an admin cannot delete their own account', async () => {
    expect(await call('DELETE', `/api/admin/users/${adminId}`)).toEqual({
      status: 400,
      body: { code: 'invalid_request', detail: 'You cannot delete your own account' },
    });
  });

  it('deleting an expert removes their replies and gives the task they held back to the queue', async () => {
    const expert = await signInPerson(server, 'departing-expert');
    await call('POST', '/api/admin/users/set-expert', { userId: expert.user.uid, isExpert: true });
    const seeded = await seedTask(server.database.db);
    await callJson(server, 'POST', `/api/expert/tasks/${seeded.taskId}/take`, { token: expert.token });
    await callJson(server, 'POST', `/api/expert/tasks/${seeded.taskId}/messages`, { token: expert.token }, { content: 'On it!' });
    const answer = await call('DELETE', `/api/admin/users/${expert.user.uid}`);
    expect(answer.body).toMatchObject({ deleted_messages: 1, deleted_conversations: 0, deleted_tasks: 0 });
    const [task] = await server.database.db.select().from(tasks).where(eq(tasks.id, seeded.taskId));
    expect(task).toMatchObject({ status: 'ACCEPTED', assigneeId: null });
    // The request, the proposal, the event lines of the take (decision 069) and of the return to the queue (decision 081).
    expect(await rowCount(messages, messages.conversationId, seeded.conversationId)).toBe(4);
  });

  it('deleting all guest data removes every guest with its messages and conversations and answers the counts', async () => {
    const person = await signInPerson(server, 'stays');
    await sendMessage(server, { token: person.token }, { content: 'I stay' });
    const first = newGuestId();
    const second = newGuestId();
    await sendMessage(server, { guest: first }, { content: 'Guest one' });
    const twice = await sendMessage(server, { guest: second }, { content: 'Guest two' });
    await sendMessage(server, { guest: second }, { content: 'Guest two again', conversationId: twice.body.conversation_id });

    const answer = await call('DELETE', '/api/admin/guests/delete-all');
    expect(answer.status).toBe(200);
    // Earlier tests of this suite left guests too: at least ours went.
    expect(answer.body.deleted_guest_users).toBeGreaterThanOrEqual(2);
    expect(answer.body.deleted_guest_messages).toBeGreaterThanOrEqual(3);
    expect(answer.body.deleted_guest_conversations).toBeGreaterThanOrEqual(2);
    const left = (await call('GET', '/api/admin/users')).body;
    expect(left.filter((u: any) => u.isGuest)).toEqual([]);
    expect(left.some((u: any) => u.uid === person.user.uid)).toBe(true);
    expect(await rowCount(messages, messages.senderId, person.user.uid)).toBe(1);
    expect(await call('DELETE', '/api/admin/guests/delete-all')).toEqual({
      status: 200,
      body: { deleted_guest_users: 0, deleted_guest_messages: 0, deleted_guest_conversations: 0 },
    });
  });
});

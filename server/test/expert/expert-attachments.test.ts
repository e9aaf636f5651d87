import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { LIMITS, type SessionResponse } from '@unstuck/contract';
import { files } from '../../src/db/schema.ts';
import { databaseKinds } from '../support/databases.ts';
import { callJson, fetchOn, identityHeaders, readMessages, sendMessage, type JsonAnswer } from '../support/http.ts';
import { seedTask } from '../support/seed.ts';
import { signInExpert, signInPerson, signInStaff, STAFF_ENV } from '../support/staff.ts';
import { useTestApp } from '../support/test-app.ts';

// The expert's reply takes files as the customer's send does (docs/decisions/026-the-human-half.md):
// the same body reader, limits, storage and download path.

type Upload = { name: string; type: string; data: Uint8Array };

describe.each(databaseKinds)('an expert’s reply with files on %s', (kind) => {
  const server = useTestApp(STAFF_ENV, { kind });
  let people: Awaited<ReturnType<typeof signInStaff>>;
  let customer: SessionResponse;

  beforeAll(async () => {
    people = await signInStaff(server);
    customer = await signInPerson(server, 'customer');
  });

  /** An accepted task of the customer, taken by the expert. */
  async function takenTask() {
    const task = await seedTask(server.database.db, { ownerId: customer.user.uid, status: 'ACCEPTED' });
    expect((await callJson(server, 'POST', `/api/expert/tasks/${task.taskId}/take`, { token: people.expert.token })).status).toBe(200);
    return task;
  }

  /** The web app's expert reply: the text, then each file as a `file` part. */
  async function reply(who: SessionResponse, taskId: string, content: string, upload?: Upload): Promise<JsonAnswer> {
    const form = new FormData();
    form.append('content', content);
    if (upload) form.append('file', new Blob([new Uint8Array(upload.data)], { type: upload.type }), upload.name);
    const response = await fetchOn(server, `/api/expert/tasks/${taskId}/messages`, {
      method: 'POST',
      headers: identityHeaders({ token: who.token }),
      body: form,
    });
    return { status: response.status, body: await response.json() };
  }

  /** The same text and file sent in the task's conversation by its expert (a reply) and by its customer (a chat send). */
  const sentByBoth = async (task: { taskId: string; conversationId: string }, content: string, upload: Upload) => ({
    fromExpert: await reply(people.expert, task.taskId, content, upload),
    fromCustomer: await sendMessage(server, { token: customer.token }, { content, conversationId: task.conversationId }, upload),
  });
  const fileCount = async () => (await server.database.db.select({ n: count() }).from(files))[0]!.n;
  const download = (url: string, who: SessionResponse | null = null) =>
    fetchOn(server, url, { headers: identityHeaders(who && { token: who.token }) });

  it('stores the file with the reply; the customer and the expert both see it, and the customer downloads it', async () => {
    const task = await takenTask();
    const patch = new TextEncoder().encode('--- a/server.js\n+++ b/server.js\n');
    const answer = await reply(people.expert, task.taskId, 'Here is the fix', { name: 'fix.patch', type: 'text/x-diff', data: patch });
    expect(answer.status).toBe(201);
    // A text file is inlined after the text, as in the customer's messages.
    expect(answer.body).toMatchObject({
      sender_role: 'expert',
      content: expect.stringMatching(/^Here is the fix\n\n--- File: fix.patch ---/),
    });
    expect(answer.body.attachments).toEqual([
      expect.objectContaining({ file_name: 'fix.patch', size: patch.length, url: expect.stringMatching(/signature=/) }),
    ]);

    const seen = (await readMessages(server, { token: customer.token }, task.conversationId)).body;
    const sent = seen.find((m: any) => m.id === answer.body.id);
    expect(sent.attachments).toEqual([expect.objectContaining({ file_name: 'fix.patch', url: expect.stringMatching(/signature=/) })]);
    const signed = await download(sent.attachments[0].url);
    expect(signed.status).toBe(200);
    expect(new Uint8Array(await signed.arrayBuffer())).toEqual(patch);
    // By Bearer too: the file belongs to the customer's conversation.
    const fileId = /\/api\/v2\/files\/([0-9a-f-]{36})/.exec(sent.attachments[0].url)![1];
    expect((await download(`/api/v2/files/${fileId}`, customer)).status).toBe(200);
    expect((await download(`/api/v2/files/${fileId}`, people.user)).status).toBe(404);

    const detail = (await callJson(server, 'GET', `/api/expert/tasks/${task.taskId}`, { token: people.expert.token })).body;
    expect(detail.messages.find((m: any) => m.id === answer.body.id).attachments[0]).toMatchObject({ file_name: 'fix.patch' });
  });

  it('takes a file without text, but not an empty reply', async () => {
    const task = await takenTask();
    const answer = await reply(people.expert, task.taskId, '', {
      name: 'notes.txt',
      type: 'text/plain',
      data: new TextEncoder().encode('Step 1'),
    });
    expect(answer.status).toBe(201);
    // A text file is inlined as in the customer's messages.
    expect(answer.body.content).toContain('Step 1');
    expect((await reply(people.expert, task.taskId, '   ')).status).toBe(400);
  });

  it('refuses another expert and the customer, keeping none of their files', async () => {
    const task = await takenTask();
    const other = await signInExpert(server, people.admin, 'other-expert');
    const before = await fileCount();
    const upload = { name: 'a.txt', type: 'text/plain', data: new TextEncoder().encode('hi') };
    expect((await reply(other, task.taskId, 'Mine now', upload)).status).toBe(403);
    expect((await reply(customer, task.taskId, 'Me too', upload)).status).toBe(403);
    expect(await fileCount()).toBe(before);
  });

  it('refuses a file over the limit as the customer’s send does, and stores nothing', async () => {
    const task = await takenTask();
    const before = await fileCount();
    const big = { name: 'dump.bin', type: 'application/octet-stream', data: new Uint8Array(LIMITS.attachmentBytes + 1) };
    const { fromExpert: asExpert, fromCustomer: asCustomer } = await sentByBoth(task, 'The dump', big);
    expect(asExpert).toEqual({ status: 413, body: { code: 'file_too_large', detail: expect.stringContaining('dump.bin') } });
    expect(asExpert).toEqual(asCustomer);
    expect(await fileCount()).toBe(before);
  });

  it('serves an active file (HTML) as the customer’s: a download, never a page', async () => {
    const task = await takenTask();
    const page = { name: 'page.html', type: 'text/html', data: new TextEncoder().encode('<script>alert(1)</script>') };
    const { fromExpert, fromCustomer } = await sentByBoth(task, 'A page', page);
    const headersOf = async (url: string) => {
      const response = await download(url);
      return ['content-type', 'content-disposition', 'content-security-policy', 'x-content-type-options'].map((name) =>
        response.headers.get(name),
      );
    };
    const expertHeaders = await headersOf(fromExpert.body.attachments[0].url);
    expect(expertHeaders).toEqual(await headersOf(fromCustomer.body.attachment_url));
    expect(expertHeaders.slice(0, 2)).toEqual(['application/octet-stream', expect.stringMatching(/^attachment/)]);
  });

  it('still takes a JSON reply', async () => {
    const task = await takenTask();
    const answer = await callJson(
      server,
      'POST',
      `/api/expert/tasks/${task.taskId}/messages`,
      { token: people.expert.token },
      { content: 'Plain' },
    );
    expect(answer).toMatchObject({ status: 201, body: { content: 'Plain', attachments: [] } });
    const [row] = await server.database.db.select({ n: count() }).from(files).where(eq(files.conversationId, task.conversationId));
    expect(row!.n).toBe(0);
  });
});

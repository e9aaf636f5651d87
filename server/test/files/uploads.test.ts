import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '@unstuck/contract';
import { files } from '../../src/db/schema.ts';
import { settledCodeAnalysis } from '../support/code-analysis.ts';
import { callJson, fetchOn, identityHeaders, newGuestId, readMessages, type Identity, type JsonAnswer } from '../support/http.ts';
import { startS3Server, type TestS3 } from '../support/s3.ts';
import { useTestApp, type TestApp } from '../support/test-app.ts';
import { MovableClock, signInAs } from '../support/test-server.ts';
import { buildZip, SMALL_PROJECT, SMALL_PROJECT_ANALYSIS } from '../support/zip.ts';

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1]);
const SVG_WITH_SCRIPT = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.domain)</script><circle r="4"/></svg>';
const HOUR_MS = 3_600_000;

interface Part {
  name: string;
  data: Uint8Array | string;
  type?: string;
}

const blobOf = (part: Part) =>
  new Blob([typeof part.data === 'string' ? part.data : new Uint8Array(part.data)], { type: part.type ?? 'application/octet-stream' });

/** `POST /code-sharing/api/files/upload` as multipart (docs/product.md "Calls": file, fileName). */
async function uploadMultipart(
  server: TestApp,
  identity: Identity | null,
  part: Part,
  fields: Record<string, string> = {},
): Promise<JsonAnswer> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append('file', blobOf(part), part.name);
  const response = await fetchOn(server, `/code-sharing/api/files/upload`, {
    method: 'POST',
    headers: identityHeaders(identity),
    body: form,
  });
  return { status: response.status, body: await response.json() };
}

const dataUrl = (data: Uint8Array | string, type = 'application/octet-stream') =>
  `data:${type};base64,${Buffer.from(typeof data === 'string' ? Buffer.from(data) : data).toString('base64')}`;

/** `POST /api/v2/messages` with repeated `file` parts, as the chat sends several attachments. */
async function sendWithFiles(
  server: TestApp,
  identity: Identity,
  content: string,
  parts: Part[],
  conversationId?: string,
): Promise<JsonAnswer> {
  const form = new FormData();
  form.append('content', content);
  form.append('type', 'direct');
  form.append('recipientId', 'agent-1');
  if (conversationId) form.append('conversationId', conversationId);
  for (const part of parts) form.append('file', blobOf(part), part.name);
  const response = await fetchOn(server, `/api/v2/messages`, { method: 'POST', headers: identityHeaders(identity), body: form });
  return { status: response.status, body: await response.json() };
}

async function storedFileCount(server: TestApp) {
  const rows = await server.database.db.select({ id: files.id }).from(files);
  const onDisk = await readdir(path.join(server.dataDir, 'uploads')).catch(() => []);
  return { rows: rows.length, onDisk: onDisk.length };
}

const get = (server: TestApp, url: string, identity: Identity | null = null) =>
  fetchOn(server, url, { headers: identityHeaders(identity) });

describe('file uploads (local folder)', () => {
  const clock = new MovableClock();
  const server = useTestApp({ AGENT_WORKER: 'false' }, { clock });

  it('multipart upload: the type comes from the bytes (a PNG named .txt), the link serves it inline', async () => {
    const { token } = await signInAs(server);
    const answer = await uploadMultipart(
      server,
      { token },
      { name: 'ignored.bin', data: PNG, type: 'text/plain' },
      { fileName: 'notes.txt' },
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      fileUrl: answer.body.url,
      url: expect.stringMatching(/^\/api\/v2\/files\/[0-9a-f-]{36}\?expires=\d+&signature=/),
      contentType: 'image/png',
      fileName: 'notes.txt',
    });
    const file = await get(server, answer.body.fileUrl);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(file.headers.get('content-disposition')).toBe('inline; filename=notes.txt');
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(PNG);
  });

  it('JSON upload (data URL): a text file comes back with textContent, whatever type the client claims; contentType may be left out', async () => {
    const guest = { guest: newGuestId() };
    const text = 'line one\nline two: café ✓\n';
    const claimed = await callJson(server, 'POST', '/code-sharing/api/files/upload', guest, {
      content: dataUrl(text, 'image/png'),
      fileName: 'readme.md',
      contentType: 'image/png',
      messageId: 'local-1',
    });
    expect(claimed).toEqual({
      status: 200,
      body: expect.objectContaining({ contentType: 'text/plain', textContent: text, fileName: 'readme.md' }),
    });
    const bare = await callJson(server, 'POST', '/code-sharing/api/files/upload', guest, {
      content: dataUrl(PNG),
      fileName: 'shot.png',
    });
    expect(bare.body).toMatchObject({ contentType: 'image/png', fileName: 'shot.png' });
    expect(bare.body.textContent).toBeUndefined();
    const file = await get(server, claimed.body.url);
    expect(file.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await file.text()).toBe(text);
  });

  it('bad uploads get a clear 4xx and store nothing', async () => {
    const guest = { guest: newGuestId() };
    const before = await storedFileCount(server);
    const upload = (body: unknown) => callJson(server, 'POST', '/code-sharing/api/files/upload', guest, body);
    const cases: Array<[Promise<JsonAnswer>, number, RegExp]> = [
      [upload({ content: 'aGVsbG8=', fileName: 'a.txt' }), 400, /content must be a data URL/],
      [upload({ content: 'data:text/plain;base64,@@@', fileName: 'a.txt' }), 400, /data URL/],
      [upload({ content: dataUrl('x'), fileName: '' }), 400, /fileName/],
      [
        upload({ content: dataUrl('x'), fileName: 'a.txt', conversationId: '00000000-0000-4000-8000-000000000000' }),
        404,
        /Conversation not found/,
      ],
      [
        callJson(server, 'POST', '/code-sharing/api/files/upload', null, { content: dataUrl('x'), fileName: 'a.txt' }),
        401,
        /Authentication required/,
      ],
    ];
    // Each status of these cases has one code.
    const codeOf: Record<number, string> = { 400: 'invalid_request', 401: 'unauthenticated', 404: 'not_found', 413: 'file_too_large' };
    for (const [answer, status, detail] of cases) {
      const { status: got, body } = await answer;
      expect({ got, code: body.code, detail: body.detail }).toEqual({
        got: status,
        code: codeOf[status],
        detail: expect.stringMatching(detail),
      });
    }
    expect(await storedFileCount(server)).toEqual(before);
  });

  it('a file over 10 MB is refused with 413 in both forms and in a message, and nothing is stored', async () => {
    const guest = { guest: newGuestId() };
    const before = await storedFileCount(server);
    const big = new Uint8Array(LIMITS.attachmentBytes + 1);
    const multipart = await uploadMultipart(server, guest, { name: 'big.bin', data: big });
    expect(multipart).toEqual({
      status: 413,
      body: { code: 'file_too_large', detail: '"big.bin" is larger than the 10 MB limit for one file' },
    });
    const json = await callJson(server, 'POST', '/code-sharing/api/files/upload', guest, {
      content: dataUrl(big),
      fileName: 'big.bin',
    });
    expect(json).toEqual({
      status: 413,
      body: { code: 'file_too_large', detail: '"big.bin" is larger than the 10 MB limit for one file' },
    });
    const huge = await callJson(server, 'POST', '/code-sharing/api/files/upload', guest, {
      content: dataUrl(new Uint8Array(LIMITS.attachmentBytes * 2)),
      fileName: 'huge.bin',
    });
    expect(huge).toEqual({ status: 413, body: { code: 'file_too_large', detail: 'The file is larger than the 10 MB limit for one file' } });
    const message = await sendWithFiles(server, guest, 'two files', [
      { name: 'ok.png', data: PNG },
      { name: 'big.bin', data: big },
    ]);
    expect(message.status).toBe(413);
    // Exactly the limit is fine.
    const exact = await uploadMultipart(server, guest, { name: 'exact.bin', data: new Uint8Array(LIMITS.attachmentBytes) });
    expect(exact.status).toBe(200);
    const after = await storedFileCount(server);
    expect(after).toEqual({ rows: before.rows + 1, onDisk: before.onDisk + 1 });
  });

  it('SVG with a script, HTML and JavaScript are never served as active content', async () => {
    const guest = { guest: newGuestId() };
    const svg = await uploadMultipart(server, guest, { name: 'logo.svg', data: SVG_WITH_SCRIPT, type: 'image/svg+xml' });
    expect(svg.body.contentType).toBe('image/svg+xml');
    expect(svg.body.textContent).toBeUndefined();
    const served = await get(server, svg.body.url);
    expect(served.headers.get('content-type')).toBe('application/octet-stream');
    expect(served.headers.get('content-disposition')).toBe('attachment; filename=logo.svg');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('content-security-policy')).toBe('sandbox');

    const html = await uploadMultipart(server, guest, {
      name: 'page.txt',
      data: '<!DOCTYPE html><html><script>alert(1)</script></html>',
      type: 'text/plain',
    });
    expect(html.body.contentType).toBe('text/html');
    expect((await get(server, html.body.url)).headers.get('content-type')).toBe('application/octet-stream');

    // A script is plain text to us: served as text/plain with nosniff, a browser never runs it from <script src>.
    const script = await uploadMultipart(server, guest, { name: 'app.js', data: 'document.title = "pwned";', type: 'text/javascript' });
    const servedScript = await get(server, script.body.url);
    expect(servedScript.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(servedScript.headers.get('x-content-type-options')).toBe('nosniff');
    expect(servedScript.headers.get('content-security-policy')).toBe('sandbox');
  });

  it('long names give working links, and bidi and invisible characters are removed from names', async () => {
    const guest = { guest: newGuestId() };
    const long = `${'a-very-long-file-name-'.repeat(10)}.png`;
    const answer = await uploadMultipart(server, guest, { name: long, data: PNG });
    expect(answer.status).toBe(200);
    expect(answer.body.fileName.length).toBeLessThanOrEqual(120);
    expect(answer.body.fileName).toMatch(/…\.png$/);
    expect((await get(server, answer.body.url)).status).toBe(200);

    const tricky = await uploadMultipart(server, guest, { name: 'x', data: PNG }, { fileName: 'invoice\u202Egpj.exe\u200B\u2066\uFEFF' });
    expect(tricky.body.fileName).toBe('invoicegpj.exe');
    const served = await get(server, tricky.body.url);
    expect(served.headers.get('content-disposition')).toBe('inline; filename=invoicegpj.exe');
  });

  it('file links are served only to the conversation: others get 403 or 404, signatures expire', async () => {
    const owner = { guest: newGuestId() };
    const other = { guest: newGuestId() };
    const sent = await sendWithFiles(server, owner, 'see attached', [{ name: 'shot.png', data: PNG }]);
    expect(sent.status).toBe(200);
    const [message] = (await readMessages(server, owner, sent.body.conversation_id)).body;
    const signed: string = message.attachments[0].url;
    const bare = signed.split('?')[0]!;

    expect((await get(server, signed)).status).toBe(200);
    expect((await get(server, bare, owner)).status).toBe(200);
    expect((await get(server, bare, other)).status).toBe(404);
    expect((await get(server, bare)).status).toBe(403);
    expect((await get(server, `${bare}?expires=99999999999&signature=${signed.split('signature=')[1]}`)).status).toBe(403);
    const otherFile = await uploadMultipart(server, other, { name: 'theirs.png', data: PNG });
    const foreignSignature = `${bare}?${otherFile.body.url.split('?')[1]}`;
    expect((await get(server, foreignSignature)).status).toBe(403);
    expect((await callJson(server, 'GET', `/api/v2/conversations/${sent.body.conversation_id}/messages`, other)).status).toBe(404);

    clock.advance(3 * HOUR_MS);
    expect((await get(server, signed)).status).toBe(403);
    const renewed = (await readMessages(server, owner, sent.body.conversation_id)).body[0].attachments[0].url;
    expect(renewed).not.toBe(signed);
    expect((await get(server, renewed)).status).toBe(200);
  });

  it('every file of a message is stored and shown; text files are inlined between File markers', async () => {
    const guest = { guest: newGuestId() };
    const sent = await sendWithFiles(server, guest, 'three files', [
      { name: 'shot.png', data: PNG },
      { name: 'notes.txt', data: 'TODO: fix the build\n' },
      { name: 'logo.svg', data: SVG_WITH_SCRIPT },
    ]);
    expect(sent.status).toBe(200);
    const [message] = (await readMessages(server, guest, sent.body.conversation_id)).body;
    expect(message.attachments.map((a: any) => [a.file_name, a.content_type])).toEqual([
      ['shot.png', 'image/png'],
      ['notes.txt', 'text/plain'],
      ['logo.svg', 'image/svg+xml'],
    ]);
    expect(message.content).toBe('three files\n\n--- File: notes.txt ---\nTODO: fix the build\n--- End of File: notes.txt ---');
    for (const attachment of message.attachments) expect((await get(server, attachment.url)).status).toBe(200);

    const before = await storedFileCount(server);
    const tooMany = await sendWithFiles(
      server,
      guest,
      'six',
      Array.from({ length: 6 }, (_, i) => ({ name: `f${i}.png`, data: PNG })),
      sent.body.conversation_id,
    );
    expect(tooMany).toEqual({ status: 400, body: { code: 'invalid_request', detail: 'Send at most 5 files per message' } });
    expect(await storedFileCount(server)).toEqual(before);
  });

  it('an upload linked from the next message joins its conversation: the reader gets a fresh link', async () => {
    const guest = { guest: newGuestId() };
    const uploaded = await callJson(server, 'POST', '/code-sharing/api/files/upload', guest, {
      content: dataUrl(PNG),
      fileName: 'error.png',
    });
    const sent = await sendWithFiles(server, guest, `Here is the error: ![error.png](${uploaded.body.url})`, []);
    const id = /[0-9a-f-]{36}/.exec(uploaded.body.url)![0];
    const [row] = await server.database.db.select().from(files).where(eq(files.id, id));
    expect(row?.conversationId).toBe(sent.body.conversation_id);
    const [message] = (await readMessages(server, guest, sent.body.conversation_id)).body;
    const link = /\((\/api\/v2\/files\/[^)]+)\)/.exec(message.content)![1]!;
    expect((await get(server, link)).status).toBe(200);
  });
  it("Submit Job: the upload answer's link goes into the job, the file joins its conversation and is shown there", async () => {
    const { token } = await signInAs(server);
    const uploaded = await uploadMultipart(server, { token }, { name: 'spec.txt', data: 'Checkout must accept coupons.\n' });
    const job = await fetchOn(server, `/api/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({
        type: 'direct',
        recipientId: 'agent-1',
        content: 'Job: Coupons\n\nAdd coupons to checkout.',
        metadata: { jobTitle: 'Coupons', techStack: '', attachments: [uploaded.body.fileUrl] },
      }),
    });
    expect(job.status).toBe(201);
    const { conversation_id: conversationId } = (await job.json()) as { conversation_id: string };
    const [message] = (await readMessages(server, { token }, conversationId)).body;
    expect(message.attachments).toEqual([
      {
        url: expect.stringMatching(/^\/api\/v2\/files\/[0-9a-f-]{36}\?expires=/),
        file_name: 'spec.txt',
        size: 30,
        content_type: 'text/plain',
      },
    ]);
    expect(await (await get(server, message.attachments[0].url)).text()).toBe('Checkout must accept coupons.\n');
  });
  it('a ZIP of code uploaded into a conversation is analysed into its task', async () => {
    const guest = { guest: newGuestId() };
    const sent = await sendWithFiles(server, guest, 'My project is attached next', []);
    const zip = await buildZip(SMALL_PROJECT);
    const answer = await callJson(server, 'POST', '/code-sharing/api/files/upload', guest, {
      content: dataUrl(zip, 'application/zip'),
      fileName: 'project.zip',
      conversationId: sent.body.conversation_id,
    });
    expect(answer.body).toMatchObject({ contentType: 'application/zip', fileName: 'project.zip' });
    const task = await settledCodeAnalysis(server.database.db, { conversationId: sent.body.conversation_id });
    expect(task.codeAnalysis).toEqual(SMALL_PROJECT_ANALYSIS);
  });
});

describe('file uploads (S3-compatible store)', () => {
  let s3: TestS3;
  let server: TestApp;
  const env: Record<string, string> = {};

  beforeAll(async () => {
    s3 = await startS3Server();
    Object.assign(env, { AGENT_WORKER: 'false', ...s3.env });
  });
  const running = useTestApp(env);
  beforeAll(() => {
    server = running;
  });
  afterAll(() => s3?.stop());

  it('stores the bytes in the bucket, not on disk, and serves them back through the same checks', async () => {
    const guest = { guest: newGuestId() };
    const answer = await uploadMultipart(server, guest, { name: 'shot.png', data: PNG });
    expect(answer.status).toBe(200);
    const id = /[0-9a-f-]{36}/.exec(answer.body.url)![0];
    const object = await s3.client.send(new GetObjectCommand({ Bucket: 'uploads', Key: id }));
    expect(new Uint8Array(await object.Body!.transformToByteArray())).toEqual(PNG);
    expect(await readdir(path.join(server.dataDir, 'uploads')).catch(() => [])).toEqual([]);
    const served = await get(server, answer.body.url);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(PNG);
    expect((await get(server, answer.body.url.split('?')[0], { guest: newGuestId() })).status).toBe(404);
  });
});

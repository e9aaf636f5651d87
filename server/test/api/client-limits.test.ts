import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { files, messages } from '../../src/db/schema.ts';
import { fetchOn, newGuestId } from '../support/http.ts';
import { useTestApp, type TestApp } from '../support/test-app.ts';
import { signInAs } from '../support/test-server.ts';

const MESSAGES = 6;
const GUEST_SESSIONS = 3;
const UPLOAD_BYTES = 3 * 1024 * 1024;

/**
 * Sends `POST /api/v2/messages` as multipart from a chosen client address (127.0.0.1 and 127.0.0.2 are
 * two clients to the app, whatever TRUST_PROXY says: no proxy header is involved), through app.inject's
 * `remoteAddress` (the address a socket would give; reading it from a socket: server/test/api/client-address.test.ts).
 */
async function sendFrom(
  localAddress: string,
  server: TestApp,
  guest: string,
  file?: { name: string; data: Uint8Array },
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Record<string, string | number | string[] | undefined>; body: any }> {
  const form = new FormData();
  for (const [key, value] of Object.entries({ type: 'direct', recipientId: 'agent-1', content: 'My build fails on CI but not locally' })) {
    form.append(key, value);
  }
  if (file) form.append('file', new Blob([new Uint8Array(file.data)], { type: 'application/octet-stream' }), file.name);
  const encoded = new Request('http://form.invalid', { method: 'POST', body: form });
  const body = Buffer.from(await encoded.arrayBuffer());
  const answer = await server.app.inject({
    method: 'POST',
    url: '/api/v2/messages',
    remoteAddress: localAddress,
    headers: {
      'content-type': encoded.headers.get('content-type')!,
      'content-length': String(body.length),
      'x-guest-session-id': guest,
      ...headers,
    },
    payload: body,
  });
  return { status: answer.statusCode, headers: answer.headers, body: answer.body ? JSON.parse(answer.body) : null };
}

describe('per-address limits', { timeout: 120_000 }, () => {
  const server = useTestApp({
    MESSAGES_PER_HOUR_PER_ADDRESS: String(MESSAGES),
    GUEST_SESSIONS_PER_HOUR_PER_ADDRESS: String(GUEST_SESSIONS),
    UPLOAD_BYTES_PER_HOUR_PER_ADDRESS: String(UPLOAD_BYTES),
  });

  it('refuses new guest sessions from one address past the limit with 429 and Retry-After, and not another address', async () => {
    const answers = [];
    for (let i = 0; i < GUEST_SESSIONS + 1; i++) answers.push(await sendFrom('127.0.0.1', server, newGuestId()));
    expect(answers.slice(0, GUEST_SESSIONS).map((a) => a.status)).toEqual(Array(GUEST_SESSIONS).fill(200));
    const refused = answers.at(-1)!;
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      code: 'guest_session_allowance_used',
      detail: expect.stringMatching(/new guest sessions from your network address/),
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(3600);

    const elsewhere = await sendFrom('127.0.0.2', server, newGuestId());
    expect(elsewhere.status).toBe(200);
  });

  it('refuses messages from one address past the hourly limit, for a guest it already knows too', async () => {
    // 127.0.0.3 starts clean; one guest, so only the message limit applies.
    const guest = newGuestId();
    const statuses = [];
    for (let i = 0; i < MESSAGES + 1; i++) statuses.push((await sendFrom('127.0.0.3', server, guest)).status);
    // The guest's own 5-message limit (docs/product.md "Validation") answers 401 first: count only the address limit's 429.
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.filter((status) => status === 429)).toHaveLength(1);
    const other = await sendFrom('127.0.0.4', server, newGuestId());
    expect(other.status).toBe(200);
  });

  it('counts a retry with an Idempotency-Key already used like a new send: at the limit it gets 429, below it the first answer', async () => {
    // 127.0.0.7 starts clean: three guests (the session limit) send two messages each (docs/product.md "Validation"), one short of the hourly limit.
    const guests = [newGuestId(), newGuestId(), newGuestId()];
    const sent = [];
    for (const [i, guest] of guests.entries()) {
      for (const n of [1, 2]) {
        if (sent.length < MESSAGES - 1)
          sent.push(await sendFrom('127.0.0.7', server, guest, undefined, { 'idempotency-key': `send-${i}-${n}` }));
      }
    }
    expect(sent.map((answer) => answer.status)).toEqual(Array(MESSAGES - 1).fill(200));
    // The last answer was lost on the way: the client sends the same request with the same key again.
    const retry = await sendFrom('127.0.0.7', server, guests[2]!, undefined, { 'idempotency-key': 'send-2-1' });
    expect(retry.status).toBe(200);
    expect(retry.body.id).toBe(sent.at(-1)!.body.id);
    // That retry used the address's last message of the hour: retrying again is refused like a new send.
    const again = await sendFrom('127.0.0.7', server, guests[2]!, undefined, { 'idempotency-key': 'send-2-1' });
    expect(again.status).toBe(429);
    expect(again.body).toEqual({
      code: 'message_allowance_used',
      detail: expect.stringMatching(/Too many messages from your network address/),
    });
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);
    expect(await server.database.db.select().from(messages).where(eq(messages.senderId, guests[2]!))).toHaveLength(1);
  });

  it("counts a retry's attachments against the upload allowance, and stores them once", async () => {
    const twoMegabytes = { name: 'build.log', data: new Uint8Array(2 * 1024 * 1024).fill(66) };
    const guest = newGuestId();
    const first = await sendFrom('127.0.0.8', server, guest, twoMegabytes, { 'idempotency-key': 'with-a-file' });
    expect(first.status).toBe(200);
    // 2 MiB more would pass the 3 MiB allowance: the retry is refused, as the same send under a new key would be.
    const retry = await sendFrom('127.0.0.8', server, guest, twoMegabytes, { 'idempotency-key': 'with-a-file' });
    expect(retry.status).toBe(429);
    expect(retry.body).toEqual({ code: 'upload_allowance_used', detail: expect.stringMatching(/uploaded from your network address/) });
    expect(await server.database.db.select().from(files).where(eq(files.ownerId, guest))).toHaveLength(1);
    // Every stored file has its row, the refused ones neither: nothing is left behind on disk.
    const rows = await server.database.db.select({ id: files.id }).from(files);
    expect((await readdir(path.join(server.dataDir, 'uploads'))).sort()).toEqual(rows.map((row) => row.id).sort());
  });

  it('refuses uploads past the hourly byte allowance and stores nothing of the refused one', async () => {
    const megabyte = new Uint8Array(1024 * 1024).fill(65);
    const bigFile = { name: 'notes.txt', data: new Uint8Array([...megabyte, ...megabyte]) };
    const first = await sendFrom('127.0.0.5', server, newGuestId(), bigFile);
    expect(first.status).toBe(200);
    const refusedGuest = newGuestId();
    const second = await sendFrom('127.0.0.5', server, refusedGuest, bigFile);
    expect(second.status).toBe(429);
    expect(await server.database.db.select().from(messages).where(eq(messages.senderId, refusedGuest))).toHaveLength(0);
    expect(await server.database.db.select().from(files).where(eq(files.ownerId, refusedGuest))).toHaveLength(0);
    expect(second.body).toEqual({ code: 'upload_allowance_used', detail: expect.stringMatching(/uploaded from your network address/) });
    expect(Number(second.headers['retry-after'])).toBeGreaterThan(0);
    const elsewhere = await sendFrom('127.0.0.6', server, newGuestId(), bigFile);
    expect(elsewhere.status).toBe(200);
  });

  it('counts job submissions (POST /api/messages) against the same message allowance', async () => {
    // The suite's earlier sends came from other addresses; this one comes from 127.0.0.1 (app.inject's), which
    // has sent GUEST_SESSIONS + 1 messages already.
    const { token } = await signInAs(server);
    const job = {
      type: 'direct',
      recipientId: 'agent-1',
      content: 'Job: Fix checkout\n\nStripe checkout fails with a 500 after the upgrade.',
      metadata: { jobTitle: 'Fix checkout', techStack: 'Stripe', attachments: [] },
    };
    const statuses = [];
    for (let i = 0; i < MESSAGES; i++) {
      const response = await fetchOn(server, '/api/messages', {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(job),
      });
      statuses.push(response.status);
      if (response.status === 429) {
        expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
        break;
      }
    }
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.slice(0, -1).every((status) => status === 201)).toBe(true);
  });
});

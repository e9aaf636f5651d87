import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messages } from '../../src/db/schema.ts';
import { databaseKinds } from '../support/databases.ts';
import { fetchOn, identityHeaders, newGuestId, waitForAgentReply, type Identity, type JsonAnswer, type Target } from '../support/http.ts';
import { useTestApp } from '../support/test-app.ts';
import { signInAs } from '../support/test-server.ts';

/** `POST /api/v2/messages` as multipart with an `Idempotency-Key` header, as the web app sends it. */
async function send(
  target: Target,
  identity: Identity,
  key: string,
  fields: Record<string, string>,
  file?: { name: string; data: Uint8Array },
): Promise<JsonAnswer> {
  const form = new FormData();
  for (const [name, value] of Object.entries({ type: 'direct', recipientId: 'agent-1', ...fields })) form.append(name, value);
  if (file) form.append('file', new Blob([new Uint8Array(file.data)], { type: 'text/plain' }), file.name);
  const response = await fetchOn(target, '/api/v2/messages', {
    method: 'POST',
    headers: { ...identityHeaders(identity), 'Idempotency-Key': key },
    body: form,
  });
  return { status: response.status, body: await response.json() };
}

describe.each(databaseKinds)('Idempotency-Key on POST /api/v2/messages on %s', (kind) => {
  // Five sends at once from one address: upload slots enough that one address's share (a quarter) holds them.
  const server = useTestApp({ UPLOADS_MAX_CONCURRENT: '40' }, { kind });

  const storedBy = (senderId: string) => server.database.db.select().from(messages).where(eq(messages.senderId, senderId));

  it('a retried send with the same key answers the first answer and stores one message, answered once', async () => {
    const guest = newGuestId();
    const key = randomUUID();
    const first = await send(server, { guest }, key, { content: 'My Django admin shows a 500 error on save' });
    expect(first.status).toBe(200);
    const retry = await send(server, { guest }, key, { content: 'My Django admin shows a 500 error on save' });
    expect(retry).toEqual(first);
    expect(await storedBy(guest)).toHaveLength(1);
    const list = await waitForAgentReply(server, { guest }, first.body.conversation_id, first.body.id);
    expect(list.filter((m) => m.sender_id === 'agent-1')).toHaveLength(1);
  });

  it('the same key with a different message answers 422 with a detail and stores nothing', async () => {
    const guest = newGuestId();
    const key = randomUUID();
    const first = await send(server, { guest }, key, { content: 'Please fix my login page' });
    expect(first.status).toBe(200);
    const other = await send(server, { guest }, key, { content: 'Something else entirely' });
    expect(other.status).toBe(422);
    expect(other.body).toEqual({
      code: 'idempotency_key_reused',
      detail: expect.stringMatching(/Idempotency-Key was already used for a different message/),
    });
    const withFile = await send(
      server,
      { guest },
      key,
      { content: 'Please fix my login page' },
      { name: 'log.txt', data: new TextEncoder().encode('x') },
    );
    expect(withFile.status).toBe(422);
    expect(await storedBy(guest)).toHaveLength(1);
  });

  it('a retry of a send with a file returns the same attachment url and stores the file once', async () => {
    const { token, claims } = await signInAs(server);
    const key = randomUUID();
    const file = { name: 'trace.txt', data: new TextEncoder().encode('Traceback: KeyError') };
    const first = await send(server, { token }, key, { content: 'Here is the trace' }, file);
    expect(first.status).toBe(200);
    expect(first.body.attachment_url).toBeTruthy();
    const retry = await send(server, { token }, key, { content: 'Here is the trace' }, file);
    expect(retry).toEqual(first);
    expect(await storedBy(claims.uid)).toHaveLength(1);
  });

  it('keys belong to their sender: another caller with the same key stores its own message', async () => {
    const key = randomUUID();
    const a = newGuestId();
    const b = newGuestId();
    const fromA = await send(server, { guest: a }, key, { content: 'Same words' });
    const fromB = await send(server, { guest: b }, key, { content: 'Same words' });
    expect(fromA.status).toBe(200);
    expect(fromB.status).toBe(200);
    expect(fromB.body.id).not.toBe(fromA.body.id);
  });

  it("the retry of a guest's last allowed message gets its answer, not the limit's 401", async () => {
    const guest = newGuestId();
    const first = await send(server, { guest }, randomUUID(), { content: 'My Flask app crashes on start' });
    const key = randomUUID();
    const second = await send(server, { guest }, key, { content: 'It says ImportError', conversationId: first.body.conversation_id });
    expect(second.status).toBe(200);
    expect(await send(server, { guest }, key, { content: 'It says ImportError', conversationId: first.body.conversation_id })).toEqual(
      second,
    );
    expect(await storedBy(guest)).toHaveLength(2);
  });

  it('concurrent sends with one key store one message and all get its answer', async () => {
    const guest = newGuestId();
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 5 }, () => send(server, { guest }, key, { content: 'Race me' })));
    expect(new Set(answers.map((a) => `${a.status} ${a.body.id}`)).size).toBe(1);
    expect(answers[0]!.status).toBe(200);
    expect(await storedBy(guest)).toHaveLength(1);
  });

  it('a key that is not 1 to 255 visible ASCII characters answers 400 and stores nothing', async () => {
    const guest = newGuestId();
    for (const key of ['x'.repeat(256), 'two words']) {
      const answer = await send(server, { guest }, key, { content: 'Hello' });
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({
        code: 'invalid_request',
        detail: expect.stringMatching(/Idempotency-Key must be 1 to 255 visible ASCII characters/),
      });
    }
    expect(await storedBy(guest)).toHaveLength(0);
  });
});

import { randomUUID } from 'node:crypto';
import { ERROR_CODES, LIMITS, LIMIT_TEXTS } from '@unstuck/contract';
import Fastify, { type InjectOptions } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { messages, users } from '../../src/db/schema.ts';
import { handleError } from '../../src/lib/error-handler.ts';
import { AppError } from '../../src/lib/errors.ts';
import { registeredRoutes } from '../security/registered-routes.ts';
import { recordDeclaredRoutes } from '../support/declared-routes.ts';
import { newGuestId } from '../support/http.ts';
import { seedTask } from '../support/seed.ts';
import { useTestApp } from '../support/test-app.ts';

/*
 * Every JSON error answer is `{ code, detail }` (docs/decisions/024-error-codes.md): each route's
 * declared error responses say so, and representative errors of each kind answer their code.
 */

interface ZodLike {
  safeParse(value: unknown): { success: boolean };
}
const isZodLike = (schema: unknown): schema is ZodLike =>
  typeof schema === 'object' && schema !== null && typeof (schema as ZodLike).safeParse === 'function';

/** The part of a response's JSON Schema in the OpenAPI document that the walk reads. */
interface JsonSchema {
  required?: string[];
  properties?: { code?: { enum?: unknown } };
}

const SHARE_FAILURES = 2;

/**
 * Answers with an error status that are not error answers: the health check's 503 is its report
 * (`{ status, database, identity }`) for load balancers, read by its status.
 */
const NOT_ERRORS = new Set(['GET /api/health 503']);

describe('error codes', () => {
  // Subscribed before the app is built (the test app's beforeAll), so every route is seen.
  const declared = recordDeclaredRoutes();
  const subject = useTestApp({ DEBUG_PAGES: 'true', AGENT_WORKER: 'false', SHARE_LINK_FAILURE_LIMIT: String(SHARE_FAILURES) });
  afterAll(() => declared.stop());

  const inject = (options: InjectOptions) => subject.app.inject(options);
  const send = (identity: Record<string, string>, content: string, conversationId?: string) =>
    inject({ method: 'POST', url: '/api/v2/messages', headers: identity, payload: { content, recipientId: 'agent-1', conversationId } });
  /** A signed-in person (a users row and a token of ours), without going through a sign-in provider. */
  const signedInUser = async () => {
    const id = randomUUID();
    await subject.runtime.deps.db.insert(users).values({ id, email: `${id}@example.com`, name: 'Coded Person', role: 'user' });
    const token = await subject.runtime.deps.tokens.signIn({
      uid: id,
      email: `${id}@example.com`,
      name: 'Coded Person',
      picture: null,
      role: 'user',
      admin: false,
      expert: false,
    });
    return { id, headers: { authorization: `Bearer ${token}` } };
  };

  it('walks every registered route: each declared error response is { code, detail }', () => {
    // The walk saw every registered route: as many, and each one the router knows. (The printed
    // route tree that registeredRoutes reads names wildcard routes differently, so names are compared
    // for the others only.)
    const routes = declared.of(subject.app);
    const registered = registeredRoutes(subject.app);
    expect(routes).toHaveLength(registered.length);
    const walked = new Set(routes.map((route) => `${route.method} ${route.url}`));
    const named = registered.filter((route) => !route.path.includes('*')).map((route) => `${route.method} ${route.path}`);
    expect(named.filter((route) => !walked.has(route))).toEqual([]);

    const failures: string[] = [];
    let checked = 0;
    for (const route of routes) {
      for (const [status, schema] of Object.entries(route.responses)) {
        const where = `${route.method} ${route.url} ${status}`;
        if (Number(status) < 400 || NOT_ERRORS.has(where)) continue;
        checked += 1;
        if (!isZodLike(schema)) failures.push(`${where}: not a zod schema`);
        else if (schema.safeParse({ detail: 'Something went wrong' }).success) failures.push(`${where}: accepts a body without code`);
        else if (!schema.safeParse({ code: 'not_found', detail: 'Something went wrong' }).success)
          failures.push(`${where}: refuses { code, detail }`);
      }
    }
    expect(failures).toEqual([]);
    // Most routes declare their errors: a walk that checked only a few would prove little.
    expect(checked).toBeGreaterThan(100);
  });

  it('the OpenAPI document gives every error answer of every /api route a required code from the contract', async () => {
    const document = (await inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema: JsonSchema }> }> }>>;
    }>();
    const failures: string[] = [];
    let checked = 0;
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        for (const [status, response] of Object.entries(operation.responses)) {
          if (Number(status) < 400 || NOT_ERRORS.has(`${method.toUpperCase()} ${path} ${status}`)) continue;
          checked += 1;
          const schema = response.content?.['application/json']?.schema;
          if (!schema?.required?.includes('code') || JSON.stringify(schema.properties?.code?.enum) !== JSON.stringify(ERROR_CODES)) {
            failures.push(`${method.toUpperCase()} ${path} ${status}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect(checked).toBeGreaterThan(100);
  });

  it('a request that fails its route schema answers 400 invalid_request naming the field', async () => {
    const answer = await inject({ method: 'POST', url: '/api/auth/session', payload: {} });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({ code: 'invalid_request', detail: expect.stringMatching(/^code: /) });
  });

  it('a body that is not JSON, too large or of another media type answers invalid_request, payload_too_large, unsupported_media_type', async () => {
    const post = (contentType: string, payload: string) =>
      inject({ method: 'POST', url: '/api/auth/session', headers: { 'content-type': contentType }, payload });
    const notJson = await post('application/json', '{"code":');
    expect({ status: notJson.statusCode, code: notJson.json().code }).toEqual({ status: 400, code: 'invalid_request' });
    const tooLarge = await post('application/json', JSON.stringify({ code: 'x'.repeat(2 * 1024 * 1024) }));
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toEqual({ code: 'payload_too_large', detail: 'Request body is too large' });
    const xml = await post('application/xml', '<code/>');
    expect(xml.statusCode).toBe(415);
    expect(xml.json()).toEqual({ code: 'unsupported_media_type', detail: 'Unsupported Media Type' });
  });

  it('an unknown API path answers 404 not_found', async () => {
    const answer = await inject({ method: 'GET', url: '/api/v2/nothing-here' });
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toEqual({ code: 'not_found', detail: 'Not found: GET /api/v2/nothing-here' });
  });

  it('no caller answers 401 unauthenticated; a conversation that is not yours 404 not_found', async () => {
    const nobody = await inject({ method: 'GET', url: '/api/v2/conversations' });
    expect(nobody.statusCode).toBe(401);
    expect(nobody.json()).toEqual({ code: 'unauthenticated', detail: 'Authentication required' });
    const stranger = await inject({
      method: 'GET',
      url: `/api/v2/conversations/${randomUUID()}/messages`,
      headers: { 'x-guest-session-id': newGuestId() },
    });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toEqual({ code: 'not_found', detail: 'Conversation not found' });
  });

  it("a guest's third message answers 401 guest_limit_reached with the spec's detail", async () => {
    const guest = { 'x-guest-session-id': newGuestId() };
    const first = await send(guest, 'My checkout page crashes');
    expect(first.statusCode).toBe(200);
    const conversationId = first.json<{ conversation_id: string }>().conversation_id;
    for (let sent = 1; sent < LIMITS.guestMessages; sent++)
      expect((await send(guest, 'Since yesterday', conversationId)).statusCode).toBe(200);
    const over = await send(guest, 'Hello?', conversationId);
    expect(over.statusCode).toBe(401);
    expect(over.json()).toEqual({ code: 'guest_limit_reached', detail: 'Authentication required' });
  });

  it('a signed-in message over the conversation limit answers 403 conversation_limit_reached with the limit text', async () => {
    const person = await signedInUser();
    const { conversationId } = await seedTask(subject.runtime.deps.db, { ownerId: person.id, status: 'PENDING_ACCEPTANCE' });
    // The seeded conversation holds one message of theirs: add the rest of the allowance.
    await subject.runtime.deps.db.insert(messages).values(
      Array.from({ length: LIMITS.signedInMessagesPerConversation - 1 }, (_, i) => ({
        conversationId,
        senderId: person.id,
        recipientId: 'agent-1',
        content: `More detail ${i}`,
      })),
    );
    const over = await send(person.headers, 'One more', conversationId);
    expect(over.statusCode).toBe(403);
    expect(over.json()).toEqual({ code: 'conversation_limit_reached', detail: LIMIT_TEXTS.signedInLimit });
  });

  it('a signed-in non-admin on an admin call answers 403 admin_required; a bad file link 403 forbidden', async () => {
    const person = await signedInUser();
    const admin = await inject({ method: 'GET', url: '/api/admin/users', headers: person.headers });
    expect(admin.statusCode).toBe(403);
    expect(admin.json()).toEqual({ code: 'admin_required', detail: 'Access denied: Admin privileges required' });
    const link = await inject({ method: 'GET', url: `/api/v2/files/${randomUUID()}?expires=1&signature=nope` });
    expect(link.statusCode).toBe(403);
    expect(link.json()).toEqual({ code: 'forbidden', detail: 'This file link has expired; open the file again from its conversation' });
  });

  it('an upload over 10 MB answers 413 file_too_large', async () => {
    const base64 = 'A'.repeat(Math.ceil(((LIMITS.attachmentBytes + 3) * 4) / 3));
    const answer = await inject({
      method: 'POST',
      url: '/code-sharing/api/files/upload',
      headers: { 'x-guest-session-id': newGuestId() },
      payload: { fileName: 'dump.bin', content: `data:application/octet-stream;base64,${base64}` },
    });
    expect(answer.statusCode).toBe(413);
    expect(answer.json()).toEqual({ code: 'file_too_large', detail: '"dump.bin" is larger than the 10 MB limit for one file' });
  });

  it('an address over a limit answers 429 rate_limited with Retry-After', async () => {
    const open = () => inject({ method: 'GET', url: '/api/task-share/not-a-token', remoteAddress: '198.51.100.7' });
    for (let i = 0; i < SHARE_FAILURES; i++) expect((await open()).json()).toMatchObject({ code: 'not_found' });
    const blocked = await open();
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({
      code: 'rate_limited',
      detail: 'Too many invalid share links from your address. Please wait and try again.',
    });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('the error handler', () => {
  // The app's routes give no way to fail on purpose: a bare app with the same handler shows the
  // branches no request to the real app can reach safely.
  const app = Fastify({ logger: false });
  app.setErrorHandler(handleError);
  app.get('/coded', () => {
    throw new AppError('share_link_expired', 410, 'This share link has expired. You can request access below.', { 'x-why': 'expired' });
  });
  app.get('/plugin', () => {
    throw Object.assign(new Error('the request is not multipart'), { statusCode: 406 });
  });
  app.get('/crash', () => {
    throw new TypeError("Cannot read properties of undefined (reading 'id') at /app/server/src/x.ts:12");
  });
  afterAll(() => app.close());

  it("answers an AppError's code, status, detail and headers", async () => {
    const answer = await app.inject({ method: 'GET', url: '/coded' });
    expect(answer.statusCode).toBe(410);
    expect(answer.headers['x-why']).toBe('expired');
    expect(answer.json()).toEqual({ code: 'share_link_expired', detail: 'This share link has expired. You can request access below.' });
  });

  it("gives a plugin's 4xx its status's code", async () => {
    const answer = await app.inject({ method: 'GET', url: '/plugin' });
    expect(answer.statusCode).toBe(406);
    expect(answer.json()).toEqual({ code: 'unsupported_media_type', detail: 'the request is not multipart' });
  });

  it('answers anything else 500 internal_error without a word of what failed', async () => {
    const answer = await app.inject({ method: 'GET', url: '/crash' });
    expect(answer.statusCode).toBe(500);
    expect(answer.json()).toEqual({ code: 'internal_error', detail: 'Internal server error' });
  });
});

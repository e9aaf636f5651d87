import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';

/** Headers identifying a caller: a Bearer token or a guest session (docs/product.md "Calls"). */
export type Identity = { token: string } | { guest: string };

export const newGuestId = () => `guest-${randomBytes(8).toString('hex')}`;

export function identityHeaders(identity: Identity | null): Record<string, string> {
  if (!identity) return {};
  return 'token' in identity ? { authorization: `Bearer ${identity.token}` } : { 'x-guest-session-id': identity.guest };
}

/**
 * Where a test's requests go: a real server's base URL (`http://127.0.0.1:port`), or an app of the
 * fast tier (`useTestApp`) reached through `app.inject`, without a socket.
 */
export type Target = string | { app: FastifyInstance };

/** Statuses whose answers have no body (a `Response` refuses one). */
const BODILESS = new Set([101, 204, 205, 304]);

/**
 * `fetch` for a path of a {@link Target}: over the network for a base URL, through `app.inject` for
 * a test app (headers, status and body as the network would give them, Set-Cookie lines kept apart).
 * With `init.signal` the answer resolves at its headers and its body streams (an event stream that
 * never ends is read, then aborted, as over the network).
 * @param path the path and query, e.g. `/api/v2/conversations`.
 */
export async function fetchOn(target: Target, path: string, init: RequestInit = {}): Promise<Response> {
  if (typeof target === 'string') return fetch(`${target}${path}`, init);
  const headers = new Headers(init.headers);
  let payload: Buffer | undefined;
  if (init.body !== undefined && init.body !== null) {
    // Encoded as fetch encodes it (the same body rules): bytes with their length, and fetch's
    // content type when the caller set none (a form's boundary, text/plain for a string).
    const encoded = new Response(init.body);
    payload = Buffer.from(await encoded.arrayBuffer());
    const type = encoded.headers.get('content-type');
    if (type && !headers.has('content-type')) headers.set('content-type', type);
  }
  const request = {
    method: (init.method ?? 'GET') as 'GET',
    url: path,
    headers: Object.fromEntries(headers.entries()),
    payload,
  };
  const headersOf = (raw: Record<string, string | number | string[] | undefined>) => {
    const headers = new Headers();
    for (const [name, value] of Object.entries(raw)) {
      for (const one of [value].flat()) if (one !== undefined) headers.append(name, String(one));
    }
    return headers;
  };
  if (init.signal) {
    const answer = await target.app.inject({ ...request, payloadAsStream: true, signal: init.signal });
    const stream = answer.stream();
    stream.on('error', () => undefined);
    const payload = BODILESS.has(answer.statusCode) ? null : webStreamOf(stream);
    return new Response(payload, { status: answer.statusCode, headers: headersOf(answer.headers) });
  }
  const answer = await target.app.inject(request);
  return new Response(BODILESS.has(answer.statusCode) ? null : new Uint8Array(answer.rawPayload), {
    status: answer.statusCode,
    headers: headersOf(answer.headers),
  });
}

/**
 * A `fetch` for clients that take one (openapi-fetch, the MCP SDK's transports), so their own code
 * path runs against a {@link Target}: the global fetch for a base URL; for a test app each request
 * goes to its URL's path and query through {@link fetchOn}, with the URL's host as its Host header
 * (as fetch sends it) and its body streaming as over the network.
 */
export function fetchFor(target: Target): typeof fetch {
  if (typeof target === 'string') return fetch;
  return async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    // The Host header fetch sends for the URL (the app reads its own origin from it).
    const headers = new Headers(request.headers);
    if (!headers.has('host')) headers.set('host', url.host);
    return fetchOn(target, `${url.pathname}${url.search}`, {
      method: request.method,
      headers,
      body: request.body ? Buffer.from(await request.arrayBuffer()) : undefined,
      signal: request.signal,
    });
  };
}

/**
 * A web stream of a Node stream's chunks that, unlike `Readable.toWeb`, takes no chunk after its reader
 * cancelled it (a client closing an event stream while the app still writes): cancelling destroys the
 * Node stream; its error (an abort) errors the web stream, as fetch's body does.
 */
function webStreamOf(stream: Readable): ReadableStream<Uint8Array> {
  let settled = false;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      stream.on('data', (chunk: Buffer) => {
        if (!settled) controller.enqueue(new Uint8Array(chunk));
      });
      stream.on('error', (error) => {
        if (settled) return;
        settled = true;
        controller.error(error);
      });
      stream.on('close', () => {
        if (settled) return;
        settled = true;
        controller.close();
      });
    },
    cancel() {
      settled = true;
      stream.destroy();
    },
  });
}

/** One JSON answer: status and parsed body. */
export interface JsonAnswer<T = any> {
  status: number;
  body: T;
}

/**
 * Sends `POST /api/v2/messages` as multipart, as the web app does.
 * @param fields the form fields; recipientId defaults to agent-1 and type to direct.
 */
export async function sendMessage(
  target: Target,
  identity: Identity | null,
  fields: Record<string, string>,
  file?: { name: string; type: string; data: Uint8Array },
): Promise<JsonAnswer> {
  const form = new FormData();
  for (const [key, value] of Object.entries({ type: 'direct', recipientId: 'agent-1', ...fields })) form.append(key, value);
  if (file) form.append('file', new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
  const response = await fetchOn(target, `/api/v2/messages?_t=${Date.now()}`, {
    method: 'POST',
    headers: identityHeaders(identity),
    body: form,
  });
  return { status: response.status, body: await response.json() };
}

/** Calls a JSON endpoint with a caller's headers and, when given, a JSON body. */
export async function callJson(
  target: Target,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  pathName: string,
  identity: Identity | null,
  body?: unknown,
): Promise<JsonAnswer> {
  const headers = { ...identityHeaders(identity), ...(body === undefined ? {} : { 'content-type': 'application/json' }) };
  const response = await fetchOn(target, pathName, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

/** Reads a conversation as the web app does. */
export const readMessages = (target: Target, identity: Identity, conversationId: string) =>
  callJson(target, 'GET', `/api/v2/conversations/${conversationId}/messages?_t=${Date.now()}`, identity);

/**
 * Polls a conversation until `done` holds for its messages (the web app polls every 2 s; tests poll faster).
 * @throws after `timeoutMs` with the last messages seen.
 */
export async function waitForMessages(
  target: Target,
  identity: Identity,
  conversationId: string,
  done: (messages: any[]) => boolean,
  timeoutMs = 15_000,
): Promise<any[]> {
  const deadline = Date.now() + timeoutMs;
  let last: any[] = [];
  while (Date.now() < deadline) {
    const answer = await readMessages(target, identity, conversationId);
    if (answer.status === 200) {
      last = answer.body;
      if (done(last)) return last;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`Timed out waiting for messages; last seen: ${JSON.stringify(last).slice(0, 1500)}`);
}

/** Waits for an agent message answering the given user message. */
export const waitForAgentReply = (target: Target, identity: Identity, conversationId: string, userMessageId: string) =>
  waitForMessages(target, identity, conversationId, (messages) =>
    messages.some((m) => m.sender_id === 'agent-1' && m.reply_to_message_id === userMessageId),
  );

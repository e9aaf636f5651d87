import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One chat-completions request as the server received it. */
export interface RecordedRequest {
  headers: IncomingHttpHeaders;
  // The parsed JSON body: model, messages, response_format, ...
  body: {
    model: string;
    messages: { role: string; content: unknown }[];
    response_format?: { type: string; json_schema?: { name: string; schema: unknown; strict?: boolean } };
    [key: string]: unknown;
  };
}

/**
 * How a streamed answer (a request with `stream: true`) is sent: the content in pieces of `chunkChars`
 * characters, `chunkDelayMs` apart; with `cutAfterChars` the connection is destroyed once that much
 * content went out (a stream that drops mid-way, no `[DONE]`).
 */
export interface Streaming {
  chunkChars?: number;
  chunkDelayMs?: number;
  cutAfterChars?: number;
}

/** What the server does with the next request. */
export type Reply =
  | ({ json: unknown; delayMs?: number } & Streaming) // a completion whose message content is this value as JSON
  | ({ text: string } & Streaming) // a completion whose message content is this raw text
  | { status: number; error: string }; // an OpenAI-style error answer

/**
 * A real HTTP server on 127.0.0.1 that speaks the OpenAI chat-completions protocol: POST
 * /v1/chat/completions answers with the queued replies in order and records every request; a request
 * with `stream: true` gets the answer as `chat.completion.chunk` server-sent events ending in
 * `data: [DONE]` (see {@link Streaming}).
 * It stands in for an LLM vendor, as docs/conventions.md "Tests" asks, so the client code under test is real.
 */
export async function startOpenAiCompatibleServer() {
  const requests: RecordedRequest[] = [];
  const replies: Reply[] = [];
  const pending = new Set<NodeJS.Timeout>();

  const server = createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (raw += chunk));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
        return sendJson(res, 404, { error: { message: `no route ${req.method} ${req.url}` } });
      }
      const body = JSON.parse(raw) as RecordedRequest['body'];
      requests.push({ headers: req.headers, body });
      const reply = replies.shift() ?? { status: 500, error: 'no reply queued' };
      if ('status' in reply) {
        return sendJson(res, reply.status, { error: { message: reply.error, type: 'server_error' } });
      }
      // The protocol: JSON content only when the request asked for it with response_format.
      const wantsJson = body.response_format?.type === 'json_schema' || body.response_format?.type === 'json_object';
      const content =
        'json' in reply && wantsJson ? JSON.stringify(reply.json) : 'text' in reply ? reply.text : 'I can only answer in text.';
      const send = () =>
        body.stream ? void streamCompletion(res, body.model, content, reply, pending) : sendJson(res, 200, completion(body.model, content));
      const delayMs = 'delayMs' in reply ? (reply.delayMs ?? 0) : 0;
      if (delayMs === 0) return send();
      const timer = setTimeout(() => (pending.delete(timer), send()), delayMs);
      pending.add(timer);
      res.on('close', () => (clearTimeout(timer), pending.delete(timer)));
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    /** The API root to configure as the base URL, e.g. http://127.0.0.1:12345/v1. */
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    /** Queues the answers to the next requests, in order. */
    reply(...next: Reply[]) {
      replies.push(...next);
    },
    async close() {
      for (const timer of pending) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function completion(model: string, content: string) {
  return {
    id: 'chatcmpl-test',
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
    usage: { prompt_tokens: 100, completion_tokens: 50, total_tokens: 150 },
  };
}

/** Writes `content` as chat-completion chunks (OpenAI's streaming format), paced and maybe cut as `streaming` says. */
async function streamCompletion(res: ServerResponse, model: string, content: string, streaming: Streaming, pending: Set<NodeJS.Timeout>) {
  const { chunkChars = 40, chunkDelayMs = 0, cutAfterChars } = streaming;
  const chunk = (delta: object, finishReason: string | null, extra: object = {}) =>
    `data: ${JSON.stringify({ id: 'chatcmpl-test', object: 'chat.completion.chunk', created: Math.floor(Date.now() / 1000), model, choices: [{ index: 0, delta, finish_reason: finishReason }], ...extra })}\n\n`;
  const pause = () =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => (pending.delete(timer), resolve()), chunkDelayMs);
      pending.add(timer);
    });
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  res.write(chunk({ role: 'assistant', content: '' }, null));
  for (let at = 0; at < content.length; at += chunkChars) {
    if (res.destroyed) return;
    if (cutAfterChars !== undefined && at >= cutAfterChars) return void res.destroy();
    res.write(chunk({ content: content.slice(at, at + chunkChars) }, null));
    if (chunkDelayMs > 0) await pause();
  }
  if (res.destroyed) return;
  res.write(chunk({}, 'stop', { usage: { prompt_tokens: 100, completion_tokens: 50, total_tokens: 150 } }));
  res.end('data: [DONE]\n\n');
}

function sendJson(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

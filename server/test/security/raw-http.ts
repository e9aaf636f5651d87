import http from 'node:http';
import { fetchOn, type Target } from '../support/http.ts';

/** One answer read whole: status, headers and body text. */
export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

/** One keep-alive connection pool for a suite's many small requests over the network. */
const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });

/**
 * Sends one HTTP request with any method (fetch refuses TRACE and CONNECT) and reads the answer.
 * Redirects are not followed. An event stream's answer is its status and headers (the stream is
 * closed at once: it does not end by itself).
 * On a test app (`useTestApp`) the request goes through `app.inject` ({@link fetchOn}); on a base
 * URL over a socket, where a request on a kept-alive connection the server closed meanwhile is sent
 * again once on a new one (Node's documented pattern: `request.reusedSocket`).
 * @param path the path and query, e.g. `/api/v2/messages`.
 * @param body sent as given; a string is sent as UTF-8.
 */
export async function rawRequest(
  target: Target,
  path: string,
  options: { method: string; headers?: Record<string, string>; body?: string | Uint8Array },
): Promise<RawAnswer> {
  if (typeof target === 'string') return requestOverSocket(`${target}${path}`, options);
  const closing = new AbortController();
  const body = options.body === undefined || typeof options.body === 'string' ? options.body : Buffer.from(options.body);
  const response = await fetchOn(target, path, { method: options.method, headers: options.headers, body, signal: closing.signal });
  const stream = response.headers.get('content-type')?.startsWith('text/event-stream');
  const text = stream ? '' : await response.text();
  closing.abort();
  const headers: http.IncomingHttpHeaders = {};
  for (const [name, value] of response.headers) headers[name] = name === 'set-cookie' ? response.headers.getSetCookie() : value;
  return { status: response.status, headers, text };
}

function requestOverSocket(
  url: string,
  options: { method: string; headers?: Record<string, string>; body?: string | Uint8Array },
  retried = false,
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: options.method, headers: options.headers, agent }, (response) => {
      if (response.headers['content-type']?.startsWith('text/event-stream')) {
        response.destroy();
        resolve({ status: response.statusCode ?? 0, headers: response.headers, text: '' });
        return;
      }
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, text: Buffer.concat(chunks).toString('utf8') }),
      );
      response.on('error', reject);
    });
    request.on('error', (error: Error & { code?: string }) => {
      if (!retried && request.reusedSocket && error.code === 'ECONNRESET') resolve(requestOverSocket(url, options, true));
      else reject(error);
    });
    request.end(options.body);
  });
}

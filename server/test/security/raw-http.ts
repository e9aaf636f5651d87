import http from 'node:http';

/** One answer read whole: status, headers and body text. */
export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

/** One keep-alive connection pool for a suite's many small requests (fuzzing sends thousands). */
const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });

/**
 * Sends one HTTP request with any method (fetch refuses TRACE and CONNECT) and reads the answer.
 * Redirects are not followed. A request on a kept-alive connection the server closed meanwhile is
 * sent again once on a new one (Node's documented pattern: `request.reusedSocket`).
 * @param body sent as given; a string is sent as UTF-8.
 */
export function rawRequest(
  url: string,
  options: { method: string; headers?: Record<string, string>; body?: string | Uint8Array },
  retried = false,
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: options.method, headers: options.headers, agent }, (response) => {
      // An event stream does not end: its status and headers are the answer.
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
      if (!retried && request.reusedSocket && error.code === 'ECONNRESET') resolve(rawRequest(url, options, true));
      else reject(error);
    });
    request.end(options.body);
  });
}

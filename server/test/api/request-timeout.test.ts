import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { newGuestId, sendMessage } from '../support/http.ts';
import { useTestServer } from '../support/test-server.ts';

const TIMEOUT_MS = 1000;
/** How long a test waits for the server to give up on a slow client: generous for a loaded machine. */
const GIVE_UP_WITHIN_MS = 15_000;

interface SlowClientResult {
  /** What the server sent before it closed the connection. */
  received: string;
  /** Milliseconds from connecting to the close. */
  openForMs: number;
}

/**
 * Opens a raw TCP connection and writes `head` and then `trickle` one chunk every 300 ms, never
 * finishing the request: a slowloris client. Resolves when the server closes the connection;
 * rejects if it is still open after GIVE_UP_WITHIN_MS.
 */
function slowClient(url: string, head: string, trickle: string): Promise<SlowClientResult> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = net.connect(Number(port), hostname);
    let received = '';
    let timer: NodeJS.Timeout | undefined;
    const giveUp = setTimeout(() => {
      clearInterval(timer);
      socket.destroy();
      reject(new Error(`the server kept a slow request open for ${GIVE_UP_WITHIN_MS} ms`));
    }, GIVE_UP_WITHIN_MS);
    socket.on('connect', () => {
      socket.write(head);
      timer = setInterval(() => {
        if (!socket.destroyed && socket.writable) socket.write(trickle);
      }, 300);
    });
    socket.on('data', (chunk) => (received += chunk.toString('latin1')));
    socket.on('error', () => {
      // A reset after the server gave up is a close too.
    });
    socket.on('close', () => {
      clearInterval(timer);
      clearTimeout(giveUp);
      resolve({ received, openForMs: Date.now() - started });
    });
  });
}

describe('request timeout (REQUEST_TIMEOUT_MS)', () => {
  const server = useTestServer('pglite', { REQUEST_TIMEOUT_MS: String(TIMEOUT_MS), AGENT_WORKER: 'false' });

  it('a body sent 10 bytes at a time is cut off with 408 soon after the limit', async () => {
    const guest = newGuestId();
    const head =
      'POST /api/v2/messages HTTP/1.1\r\n' +
      `Host: 127.0.0.1\r\nx-guest-session-id: ${guest}\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n` +
      '{"content":"';
    const result = await slowClient(server.url, head, 'aaaaaaaaaa');
    expect(result.openForMs).toBeGreaterThanOrEqual(TIMEOUT_MS - 100);
    expect(result.received).toMatch(/^HTTP\/1\.1 408 /);
    expect(JSON.parse(result.received.slice(result.received.indexOf('\r\n\r\n') + 4))).toEqual({
      code: 'request_timeout',
      detail: 'The request was not received in time',
    });
  });

  it('headers sent a line at a time are cut off too', async () => {
    const result = await slowClient(server.url, 'GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n', 'X-Slow: 1\r\n');
    expect(result.openForMs).toBeGreaterThanOrEqual(TIMEOUT_MS - 100);
    expect(result.received === '' || /^HTTP\/1\.1 408 /.test(result.received)).toBe(true);
  });

  it('a request sent at normal speed is answered as usual', async () => {
    const answer = await sendMessage(server.url, { guest: newGuestId() }, { content: 'My Rails app times out on checkout' });
    expect(answer.status).toBe(200);
  });
});

import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { newGuestId } from '../support/http.ts';
import { formBody, messageFields, openUpload, type FormBody, type OpenUpload } from '../support/streamed-upload.ts';
import { useTestServer, type TestServer } from '../support/test-server.ts';
import { until } from '../support/until.ts';

const KIB = 1024;
const MIB = 1024 * KIB;
const WINDOW_MS = 1000;
const MIN_BYTES_PER_SECOND = 4 * KIB;

const guestHeaders = () => ({ 'x-guest-session-id': newGuestId() });
const messagesUrl = (server: TestServer) => `${server.url}/api/v2/messages`;
const uploadUrl = (server: TestServer) => `${server.url}/code-sharing/api/files/upload`;
const messageWithFile = (bytes: number) =>
  formBody(messageFields('Build logs attached'), [{ name: 'build.bin', data: randomBytes(bytes) }]);

/** What a raw client received before the server closed its connection. */
interface SlowSend {
  received: string;
  openForMs: number;
}

/**
 * Sends `form` as a POST from `localAddress` over a raw connection, 100 bytes every 300 ms (far under
 * the suite's minimum rate), never finishing; resolves with what came back once a whole answer came or
 * the server closed the connection, rejects after 15 s.
 */
function slowSend(url: string, form: FormBody, localAddress: string): Promise<SlowSend> {
  const { hostname, port } = new URL(url);
  const head =
    `POST /api/v2/messages HTTP/1.1\r\nHost: ${hostname}:${port}\r\nx-guest-session-id: ${newGuestId()}\r\n` +
    `Content-Type: ${form.contentType}\r\nContent-Length: ${form.body.length}\r\n\r\n`;
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = net.connect({ port: Number(port), host: hostname, localAddress });
    let received = '';
    let sent = 0;
    let timer: NodeJS.Timeout | undefined;
    const giveUp = setTimeout(() => {
      clearInterval(timer);
      socket.destroy();
      reject(new Error('the server kept a slow upload open for 15 s'));
    }, 15_000);
    socket.on('connect', () => {
      socket.write(head);
      timer = setInterval(() => {
        if (socket.writable) socket.write(form.body.subarray(sent, (sent += 100)));
      }, 300);
    });
    socket.on('data', (chunk) => {
      received += chunk.toString('latin1');
      // A whole answer: the client stops there (the server may keep reading the body it does not need).
      const end = received.indexOf('\r\n\r\n');
      const length = Number(/content-length: (\d+)/i.exec(received)?.[1]);
      if (end !== -1 && received.length - end - 4 >= length) socket.destroy();
    });
    socket.on('error', () => {
      // A reset after the server's answer is a close too.
    });
    socket.on('close', () => {
      clearInterval(timer);
      clearTimeout(giveUp);
      resolve({ received, openForMs: Date.now() - started });
    });
  });
}

/** Keeps an open upload above the minimum rate while the test holds it. @returns the function that stops feeding it. */
function keepFeeding(upload: OpenUpload): () => void {
  const timer = setInterval(() => void upload.send(4 * KIB), 200);
  return () => clearInterval(timer);
}

describe('fair upload slots', { timeout: 60_000 }, () => {
  // Four slots: one address may hold one of them; a JSON upload costs three.
  const server = useTestServer('pglite', {
    AGENT_WORKER: 'false',
    UPLOADS_MAX_CONCURRENT: '4',
    UPLOAD_MIN_BYTES_PER_SECOND: String(MIN_BYTES_PER_SECOND),
    UPLOAD_RATE_WINDOW_MS: String(WINDOW_MS),
    UPLOAD_BYTES_PER_HOUR_PER_ADDRESS: String(100 * MIB),
  });

  it("one address's slow sends never block another address's upload; a body slower than the minimum is cut with 408", async () => {
    const form = await messageWithFile(MIB);
    const slow = Array.from({ length: 4 }, () => slowSend(messagesUrl(server), form, '127.0.0.5'));
    const answered: SlowSend[] = [];
    for (const sending of slow) void sending.then((result) => answered.push(result));
    // The address's one slot is taken; its other sends are refused on their headers.
    await until(() => answered.length >= 3, 10_000, 'three answers');
    const refused = answered.filter((result) => /^HTTP\/1\.1 429 /.test(result.received));
    expect(refused).toHaveLength(3);
    for (const result of refused) {
      expect(result.received).toMatch(/retry-after: 5/i);
      expect(JSON.parse(result.received.slice(result.received.indexOf('\r\n\r\n') + 4))).toEqual({
        code: 'rate_limited',
        detail: 'Your network address is sending as many uploads at once as one address may. Please wait for one to finish.',
      });
    }

    // Another address uploads meanwhile.
    const other = await openUpload(messagesUrl(server), guestHeaders(), form, '127.0.0.6').finish();
    expect(other.status).toBe(200);

    // The slow one is cut within a window or two of the minimum rate, with its slot given back.
    const cut = (await Promise.all(slow)).find((result) => /^HTTP\/1\.1 408 /.test(result.received));
    expect(cut).toBeDefined();
    expect(cut!.openForMs).toBeLessThan(4 * WINDOW_MS);
    expect(JSON.parse(cut!.received.slice(cut!.received.indexOf('\r\n\r\n') + 4))).toEqual({
      code: 'request_timeout',
      detail: 'The upload arrived slower than 4 KB per second and was stopped. Please try again on a faster connection.',
    });
    const again = await openUpload(messagesUrl(server), guestHeaders(), form, '127.0.0.5').finish();
    expect(again.status).toBe(200);
  });

  it("an upload's JSON form, read whole, needs more slots than a streamed one", async () => {
    const form = await messageWithFile(4 * MIB);
    const held = [
      openUpload(messagesUrl(server), guestHeaders(), form, '127.0.0.7'),
      openUpload(messagesUrl(server), guestHeaders(), form, '127.0.0.8'),
    ];
    for (const upload of held) await upload.send(64 * KIB);
    const stops = held.map(keepFeeding);
    // Two of four slots are taken: a 1 MB data URL (three slots) is refused, a streamed upload is not.
    const dataUrl = `data:application/octet-stream;base64,${randomBytes(MIB).toString('base64')}`;
    const json = await fetch(uploadUrl(server), {
      method: 'POST',
      headers: { ...guestHeaders(), 'content-type': 'application/json' },
      body: JSON.stringify({ content: dataUrl, fileName: 'spec.bin' }),
    });
    expect(json.status).toBe(503);
    expect(json.headers.get('retry-after')).toBe('5');
    expect((await openUpload(messagesUrl(server), guestHeaders(), form, '127.0.0.9').finish()).status).toBe(200);
    for (const stop of stops) stop();
    for (const upload of held) expect((await upload.finish()).status).toBe(200);
  });
});

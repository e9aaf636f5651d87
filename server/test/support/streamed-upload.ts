import { once } from 'node:events';
import http from 'node:http';

/** A multipart/form-data body built whole, to be sent piece by piece. */
export interface FormBody {
  contentType: string;
  body: Buffer;
}

/** Encodes fields and files as the platform's FormData does (the same bytes a browser sends). */
export async function formBody(fields: Record<string, string>, files: Array<{ name: string; data: Uint8Array }>): Promise<FormBody> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  for (const file of files) form.append('file', new Blob([new Uint8Array(file.data)], { type: 'application/octet-stream' }), file.name);
  const encoded = new Request('http://form.invalid', { method: 'POST', body: form });
  return { contentType: encoded.headers.get('content-type')!, body: Buffer.from(await encoded.arrayBuffer()) };
}

/** The fields of a message to agent-1, as the chat sends them. */
export const messageFields = (content: string) => ({ type: 'direct', recipientId: 'agent-1', content });

/** One answer read whole. */
export interface UploadAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: any;
}

/** A POST whose body the test sends when it chooses, over its own connection. */
export interface OpenUpload {
  /** Bytes of the body sent so far. */
  readonly sent: number;
  /** Sends the next `bytes` of the body (waits while the socket is full). */
  send(bytes: number): Promise<void>;
  /** Sends the rest and reads the answer. */
  finish(): Promise<UploadAnswer>;
  /** The client goes away mid-body: the connection is destroyed. */
  abort(): void;
  /** The answer, whenever the server gives it (before the body is sent, too). */
  answer: Promise<UploadAnswer>;
}

/**
 * Opens a POST with `form` as its body (Content-Length declared) and sends nothing of the body yet.
 * @param localAddress the loopback address to send from (127.0.0.x are different clients to the server).
 */
export function openUpload(url: string, headers: Record<string, string>, form: FormBody, localAddress = '127.0.0.1'): OpenUpload {
  let sent = 0;
  const request = http.request(url, {
    method: 'POST',
    agent: false,
    localAddress,
    headers: { ...headers, 'content-type': form.contentType, 'content-length': String(form.body.length) },
  });
  const answer = new Promise<UploadAnswer>((resolve, reject) => {
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text ? JSON.parse(text) : null });
      });
      response.on('error', reject);
    });
    request.on('error', reject);
  });
  // An aborted upload's answer is never read.
  answer.catch(() => undefined);
  request.flushHeaders();
  return {
    get sent() {
      return sent;
    },
    async send(bytes) {
      const chunk = form.body.subarray(sent, sent + bytes);
      sent += chunk.length;
      if (!request.write(chunk)) await once(request, 'drain');
    },
    finish() {
      request.end(form.body.subarray(sent));
      sent = form.body.length;
      return answer;
    },
    abort() {
      request.destroy();
    },
    answer,
  };
}

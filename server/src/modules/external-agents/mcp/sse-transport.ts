import type { ServerResponse } from 'node:http';
import { parseJSONRPCMessage, ProtocolErrorCode, type JSONRPCMessage, type Transport } from '@modelcontextprotocol/server';

/** A comment line now and then keeps proxies from closing a quiet stream. */
const KEEP_ALIVE_MS = 15_000;

/**
 * The session transport of docs/product.md "Calls" "Documented message-tool interface": `GET /mcp_tools/sse` opens
 * this event stream, whose first `endpoint` event names where to POST (`…?session_id={id}`); every
 * answer, and every JSON-RPC error (docs/product.md "Errors": -32700, -32600 here, the rest from the SDK's server),
 * arrives on the stream as an event `message`. The v2 SDK serves no SSE transport (its frozen v1 copy
 * names the query parameter `sessionId` and answers parse errors over HTTP only), so the spec's variant
 * is this small class on the SDK's {@link Transport} interface (decision 090).
 */
export class SessionSseTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  private keepAlive: NodeJS.Timeout | undefined;

  constructor(
    readonly sessionId: string,
    private readonly response: ServerResponse,
    private readonly endpoint: string,
  ) {}

  async start(): Promise<void> {
    this.response.writeHead(200, {
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      // nginx and similar proxies would otherwise buffer the stream.
      'x-accel-buffering': 'no',
    });
    this.response.write(`event: endpoint\ndata: ${this.endpoint}\n\n`);
    this.keepAlive = setInterval(() => this.response.write(': keep-alive\n\n'), KEEP_ALIVE_MS).unref();
    this.response.on('close', () => {
      clearInterval(this.keepAlive);
      this.onclose?.();
    });
  }

  async send(message: JSONRPCMessage): Promise<void> {
    if (this.response.writableEnded || this.response.destroyed) throw new Error('The event stream is closed');
    this.response.write(`event: message\ndata: ${JSON.stringify(message)}\n\n`);
  }

  async close(): Promise<void> {
    clearInterval(this.keepAlive);
    if (!this.response.writableEnded) this.response.end();
  }

  /**
   * Takes one POSTed body: a JSON-RPC message goes to the server; anything else is answered on the
   * stream with -32700 (not JSON) or -32600 (not a JSON-RPC 2.0 message, batches included).
   */
  receive(body: string): void {
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      void this.sendError(null, ProtocolErrorCode.ParseError, 'Parse error: the body is not JSON');
      return;
    }
    let message: JSONRPCMessage;
    try {
      message = parseJSONRPCMessage(parsed);
    } catch {
      const id = (parsed as { id?: unknown } | null)?.id;
      void this.sendError(
        typeof id === 'string' || typeof id === 'number' ? id : null,
        ProtocolErrorCode.InvalidRequest,
        'Invalid Request: not a JSON-RPC 2.0 message',
      );
      return;
    }
    this.onmessage?.(message);
  }

  private async sendError(id: string | number | null, code: number, text: string) {
    // JSON-RPC 2.0 §5: an error whose request id is unknown carries id null; the SDK's type wants one.
    await this.send({ jsonrpc: '2.0', id: id as string | number, error: { code, message: text } }).catch((error: Error) =>
      this.onerror?.(error),
    );
  }
}

import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/** One call as the server received it: the form body decoded into its bracketed keys (`metadata[taskId]`). */
export interface StripeCall {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  form: Record<string, string>;
}

/** A Checkout Session as the server keeps it. */
export interface StoredSession {
  id: string;
  object: 'checkout.session';
  url: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  client_reference_id: string | null;
  metadata: Record<string, string>;
  amount_total: number;
  currency: string;
  payment_intent: string;
  success_url: string;
  cancel_url: string;
}

const sendJson = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${Date.now()}` });
  res.end(JSON.stringify(body));
};

/**
 * A real HTTP server on 127.0.0.1 that answers the Stripe REST calls the app makes, form-encoded as the
 * official library sends them: `POST /v1/checkout/sessions` (create; the same Idempotency-Key answers the
 * same session), `POST /v1/checkout/sessions/{id}/expire`, `POST /v1/refunds`. It records every call and
 * makes the webhook events Stripe would send, signed with the library's own test helper.
 * It stands in for Stripe, as docs/conventions.md "Tests" asks, so the app's use of the library is real.
 */
export async function startStripeServer(webhookSecret: string) {
  const calls: StripeCall[] = [];
  const sessions = new Map<string, StoredSession>();
  const byKey = new Map<string, unknown>();
  let counter = 0;
  let failNext = 0;

  const server = createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (raw += chunk));
    req.on('end', () => {
      const path = (req.url ?? '').split('?')[0]!;
      const form = Object.fromEntries(new URLSearchParams(raw));
      calls.push({ method: req.method ?? '', path, headers: req.headers, form });
      if (req.headers.authorization !== 'Bearer sk_test_payments') {
        return sendJson(res, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
      }
      if (failNext > 0) {
        failNext -= 1;
        return sendJson(res, 400, { error: { type: 'invalid_request_error', message: 'refused by the test' } });
      }
      const key = req.headers['idempotency-key'];
      const replay = typeof key === 'string' ? byKey.get(`${path}:${key}`) : undefined;
      if (replay) return sendJson(res, 200, replay);
      const answer = route(path, form);
      if (!answer) return sendJson(res, 404, { error: { type: 'invalid_request_error', message: `no route ${path}` } });
      if (typeof key === 'string') byKey.set(`${path}:${key}`, answer);
      sendJson(res, 200, answer);
    });
  });

  function route(path: string, form: Record<string, string>): unknown {
    if (path === '/v1/checkout/sessions') {
      counter += 1;
      const metadata: Record<string, string> = {};
      for (const [name, value] of Object.entries(form)) {
        const match = /^metadata\[(.+)\]$/.exec(name);
        if (match) metadata[match[1]!] = value;
      }
      const session: StoredSession = {
        id: `cs_test_${counter}`,
        object: 'checkout.session',
        url: `https://checkout.stripe.test/c/pay/cs_test_${counter}`,
        status: 'open',
        payment_status: 'unpaid',
        client_reference_id: form.client_reference_id ?? null,
        metadata,
        amount_total: Number(form['line_items[0][price_data][unit_amount]']) * Number(form['line_items[0][quantity]'] ?? 1),
        currency: form['line_items[0][price_data][currency]'] ?? 'usd',
        payment_intent: `pi_test_${counter}`,
        success_url: form.success_url ?? '',
        cancel_url: form.cancel_url ?? '',
      };
      sessions.set(session.id, session);
      return session;
    }
    const expire = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path);
    if (expire) {
      const session = sessions.get(expire[1]!);
      if (!session) return null;
      session.status = 'expired';
      return session;
    }
    if (path === '/v1/refunds') {
      counter += 1;
      return { id: `re_test_${counter}`, object: 'refund', payment_intent: form.payment_intent, status: 'succeeded' };
    }
    return null;
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const signer = new Stripe('sk_test_payments');
  let events = 0;

  /** A webhook delivery: the JSON body and its `Stripe-Signature`, signed with `secret` (the right one unless given). */
  const webhook = (type: string, object: unknown, options: { id?: string; secret?: string } = {}) => {
    events += 1;
    const payload = JSON.stringify({
      id: options.id ?? `evt_test_${events}`,
      object: 'event',
      type,
      data: { object },
      created: Math.floor(Date.now() / 1000),
    });
    return { payload, signature: signer.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? webhookSecret }) };
  };

  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    sessions,
    /** The next `count` calls are refused with 400 (Stripe says no). */
    refuseNext(count = 1) {
      failNext = count;
    },
    /** Stripe's `checkout.session.completed` for a paid session. */
    completed(sessionId: string, options: { id?: string; secret?: string } = {}) {
      const session = sessions.get(sessionId)!;
      session.status = 'complete';
      session.payment_status = 'paid';
      return webhook('checkout.session.completed', session, options);
    },
    /** Stripe's `checkout.session.expired`. */
    expired(sessionId: string) {
      return webhook('checkout.session.expired', { ...sessions.get(sessionId)!, status: 'expired' });
    },
    /** Stripe's `charge.refunded` for the charge of a PaymentIntent. */
    refunded(paymentIntent: string) {
      return webhook('charge.refunded', { id: `ch_${paymentIntent}`, object: 'charge', payment_intent: paymentIntent, refunded: true });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type StripeServer = Awaited<ReturnType<typeof startStripeServer>>;

import Stripe from 'stripe';
import type { Config } from '../../config.ts';
import { stripeFailed } from './payments.errors.ts';

// The official Stripe library (docs/decisions/094-stripe-checkout.md): one client per configuration,
// pointed at STRIPE_API_URL when set (a Stripe-compatible server, as the tests run).

const clients = new WeakMap<object, Stripe>();

type StripeConfig = Pick<Config, 'STRIPE_SECRET_KEY' | 'STRIPE_API_URL'>;

/**
 * The Stripe client of this configuration (made once).
 * @throws Error when STRIPE_SECRET_KEY is unset (the configuration requires it with PAYMENTS_PROVIDER=stripe).
 */
export function stripeOf(config: StripeConfig): Stripe {
  const known = clients.get(config);
  if (known) return known;
  if (!config.STRIPE_SECRET_KEY) throw new Error('STRIPE_SECRET_KEY is not set');
  const api = config.STRIPE_API_URL ? new URL(config.STRIPE_API_URL) : null;
  const client = new Stripe(config.STRIPE_SECRET_KEY, {
    ...(api
      ? {
          host: api.hostname,
          port: api.port || (api.protocol === 'http:' ? 80 : 443),
          protocol: api.protocol === 'http:' ? 'http' : 'https',
        }
      : {}),
    // A failed call is the customer's to retry; Stripe's idempotency keys make a retry safe anyway.
    maxNetworkRetries: 1,
    telemetry: false,
  });
  clients.set(config, client);
  return client;
}

/**
 * Runs a call to Stripe. @throws AppError 502 when Stripe refuses it or cannot be reached (the library's
 * errors, whose texts are not the customer's to read); other errors as they are.
 */
export async function callStripe<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError) throw stripeFailed();
    throw error;
  }
}

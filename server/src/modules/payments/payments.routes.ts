import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  checkoutRequestSchema,
  checkoutResponseSchema,
  paymentActionRequestSchema,
  paymentLedgerSchema,
  paymentTaskParamsSchema,
} from '@unstuck/contract';
import type { AppDeps } from '../../app-deps.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { originOf } from '../../lib/request-origin.ts';
import { admitUsers, userOf } from '../auth/caller.ts';
import { admitAdmins, staffOf } from '../auth/staff.ts';
import { actOnPayment } from './admin-payments.ts';
import { readLedger } from './payments.service.ts';
import { createCheckout, receiveStripeEvent } from './stripe-payments.ts';

/** Stripe's webhook bodies are small JSON documents; anything larger is not Stripe's. */
const WEBHOOK_MAX_BYTES = 512 * 1024;

/**
 * Payments (docs/decisions/093-payments.md and 094-stripe-checkout.md): the customer's Checkout, Stripe's
 * webhook, and the admin's ledger and actions on the task card.
 */
export function registerPaymentRoutes(app: FastifyInstance, deps: AppDeps) {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.post(
    '/api/v2/tasks/:id/checkout',
    {
      onRequest: admitUsers(deps),
      schema: {
        params: paymentTaskParamsSchema,
        body: checkoutRequestSchema,
        response: { 200: checkoutResponseSchema, ...errorResponses(400, 401, 404, 409, 502) },
      },
    },
    async (request) => createCheckout(deps, userOf(request), request.params.id, request.body.kind, originOf(request, deps)),
  );

  typed.get(
    '/api/admin/tasks/:id/payment',
    {
      onRequest: admitAdmins(deps),
      schema: { params: paymentTaskParamsSchema, response: { 200: paymentLedgerSchema, ...errorResponses(400, 401, 403) } },
    },
    async (request) => readLedger(deps.db, request.params.id),
  );

  typed.post(
    '/api/admin/tasks/:id/payment',
    {
      onRequest: admitAdmins(deps),
      schema: {
        params: paymentTaskParamsSchema,
        body: paymentActionRequestSchema,
        response: { 200: paymentLedgerSchema, ...errorResponses(400, 401, 403, 404, 409, 502) },
      },
    },
    async (request) => {
      const admin = staffOf(request);
      return actOnPayment(deps, { id: admin.id, email: admin.email }, request.params.id, request.body.action);
    },
  );

  // The signature covers the exact bytes Stripe sent: this route keeps its JSON body unparsed.
  void app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: WEBHOOK_MAX_BYTES }, (_request, body, done) =>
      done(null, body),
    );
    scope
      .withTypeProvider<ZodTypeProvider>()
      .post(
        '/api/payments/stripe/webhook',
        { schema: { response: { 200: z.object({ received: z.literal(true) }), ...errorResponses(400, 404, 413) } } },
        async (request) => {
          const signature = request.headers['stripe-signature'];
          await receiveStripeEvent(deps, request.body as Buffer, typeof signature === 'string' ? signature : undefined);
          return { received: true as const };
        },
      );
  });
}

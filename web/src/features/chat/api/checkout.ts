import { useMutation } from '@tanstack/react-query';
import type { CheckoutResponse, PaymentKind } from '@unstuck/contract';
import { apiRequest } from '../../../lib/api-client.ts';

/** `POST /api/v2/tasks/{id}/checkout`: a Stripe Checkout page for the amount due of `kind`. */
export const createCheckout = (taskId: string, kind: PaymentKind) =>
  apiRequest<CheckoutResponse>(`/api/v2/tasks/${encodeURIComponent(taskId)}/checkout`, {
    method: 'POST',
    identity: 'bearer',
    body: { kind },
  });

/** Opens Stripe Checkout for the amount due: the browser leaves for Stripe's page and comes back to the conversation. */
export function useCheckout(taskId: string) {
  return useMutation({
    mutationFn: (kind: PaymentKind) => createCheckout(taskId, kind),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}

import { AUTH_MESSAGE_TYPE, authPopupMessageSchema } from '@unstuck/contract';
import { z } from 'zod';

/**
 * The checks of the messages that carry a sign-in result between windows (./popup.ts,
 * ./handoff.ts). Loaded when a sign-in starts, not with the home page: zod stays out of the
 * first view (docs/decisions/056-types-not-schemas-in-the-first-view.md).
 */
export { authPopupMessageSchema };

/** A result handed over on the channel, with the id its acknowledgement names. */
export const handoffSchema = z.intersection(authPopupMessageSchema, z.object({ id: z.string() }));

/** The waiting page's acknowledgement of a handed-over result. */
export const ackSchema = z.object({ type: z.literal(`${AUTH_MESSAGE_TYPE}-ack`), id: z.string() });

import { z } from 'zod';
import { defineEmailNotice } from '../../email/email-notice.ts';
import { planUnreadDigest } from './unread-digest.ts';

const messageEvent = z.object({ messageId: z.string() });

declare module '../../../lib/email-event.ts' {
  interface EmailEventTypes {
    /** An expert's message; queued to run EMAIL_UNREAD_DELAY_SECONDS later, it makes the customer's unread digest if still unread. */
    expert_replied: z.input<typeof messageEvent>;
    /** A customer's message to the expert holding the task; delayed and checked as `expert_replied`. */
    customer_replied: z.input<typeof messageEvent>;
  }
}

// The unread digests of a conversation ({@link planUnreadDigest}). The expert module queues
// `expert_replied` as its expert writes; the digest is the conversation's, so it is defined here.

const expertReplied = defineEmailNotice({
  type: 'expert_replied',
  payload: messageEvent,
  plan: (context, { messageId }) => planUnreadDigest(context, messageId, 'customer'),
});

const customerReplied = defineEmailNotice({
  type: 'customer_replied',
  payload: messageEvent,
  plan: (context, { messageId }) => planUnreadDigest(context, messageId, 'expert'),
});

/** The unread digests of conversations, registered by deps.ts. */
export const chatEmailNotices = [expertReplied, customerReplied];

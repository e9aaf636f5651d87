import type { EmailContent, EmailContext } from './templates/layout.tsx';

/**
 * The step a digest moves its recipient's mark by (docs/decisions/086-email-digests.md): from version
 * `from` to the next, now covering up to `throughSeq` (a message) or `throughAt` (an acceptance).
 */
export interface DigestStep {
  topic: string;
  from: number;
  throughSeq: number | null;
  throughAt: Date | null;
}

/** One email an event calls for: to whom, which, and how to write it once the recipient's links are known. */
export interface PlannedEmail {
  /** A person with an account (`id`: their settings apply), or only an address (`id` null: someone who asked for access). */
  recipient: { id: string | null; email: string };
  template: string;
  write(context: EmailContext): EmailContent;
  /** A digest's own idempotency key (its topic and first item), instead of the event's. */
  key?: string;
  /** A digest's step: the email is made only if its recipient's mark is still where the plan read it. */
  digest?: DigestStep;
  /**
   * The conversation the email is about: it goes only while its recipient may still read it (checked at
   * send time, docs/decisions/081-access-ends-everywhere.md), and with INBOUND_EMAIL_DOMAIN it carries a
   * Reply-To that answers in this conversation.
   */
  conversationId?: string;
}

/** Whether a person can get email: signed in with an address. */
export const withEmail = <U extends { isGuest: boolean; email: string | null }>(user: U): user is U & { email: string } =>
  !user.isGuest && user.email !== null && user.email !== '';

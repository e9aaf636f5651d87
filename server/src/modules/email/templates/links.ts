import type { EmailContext } from './layout.tsx';

// Links that several emails carry. They carry the conversation's or the task's id only: they sign
// nobody in (docs/decisions/071-hand-off-emails.md).

/** The customer's way back to a conversation (the web app's Messages page). */
export const conversationLink = (context: EmailContext, conversationId: string) =>
  `${context.origin}/messages?conversation=${encodeURIComponent(conversationId)}`;

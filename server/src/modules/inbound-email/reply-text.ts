import EmailReplyParser from 'email-reply-parser';

/** The most characters a message holds (the chat's `content` limit). */
const MAX_CHARS = 20_000;

/**
 * What a person wrote in an emailed reply: the text without the quoted history and the signature,
 * as the email-reply-parser library finds them (Gmail's "On … wrote:", Outlook's "From: … Sent: …"
 * block and "-----Original Message-----", Apple Mail's quote, "> " lines, "-- " signatures and
 * "Sent from my iPhone"), trimmed and cut to the chat's 20,000 characters. Pure.
 */
export function replyTextOf(text: string): string {
  const reply = new EmailReplyParser().parseReply(text.replace(/\r\n/g, '\n')).trim();
  return reply.length > MAX_CHARS ? reply.slice(0, MAX_CHARS) : reply;
}

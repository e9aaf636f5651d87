import type { ParsedMail } from 'mailparser';

/** A header's value as text: a string, or a structured header's main value (Content-Type's type). */
function headerText(mail: ParsedMail, name: string): string {
  const value = mail.headers.get(name);
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && 'value' in value && typeof value.value === 'string') return value.value;
  return '';
}

/**
 * Whether an email was sent by a machine, not written by a person, and so is never taken as a reply:
 * `Auto-Submitted` other than `no` (RFC 3834 §5: auto-replies, vacation notices), `Precedence: bulk`,
 * `list` or `junk` (the de facto mark of lists and autoresponders, RFC 3834 §3.1.8), or a delivery
 * status report (`multipart/report`, RFC 6522: bounces). Pure.
 */
export function isAutomaticEmail(mail: ParsedMail): boolean {
  const autoSubmitted = headerText(mail, 'auto-submitted').trim().toLowerCase();
  if (autoSubmitted && autoSubmitted !== 'no') return true;
  if (['bulk', 'list', 'junk'].includes(headerText(mail, 'precedence').trim().toLowerCase())) return true;
  return headerText(mail, 'content-type').trim().toLowerCase().startsWith('multipart/report');
}

import { createTransport } from 'nodemailer';
import type { Config, Mailbox } from '../../config.ts';
import type { EmailRow } from './email.repository.ts';

/** How a made email leaves: through an SMTP server, or into the outbox (the emails table itself). */
export interface EmailTransport {
  kind: 'smtp' | 'outbox';
  /**
   * Hands the email to the SMTP server; the outbox keeps it where it is.
   * @throws when the SMTP server cannot be reached or refuses the email (the queue retries it).
   */
  send(email: EmailRow): Promise<void>;
  /** Closes the SMTP connections. */
  close(): void;
}

// Below the send job's expiry (email.queue.ts), so a hung server fails the attempt before the queue
// would start a second one beside it.
const CONNECTION_TIMEOUT_MS = 15_000;
const SOCKET_TIMEOUT_MS = 30_000;

/** `Unstuck <no-reply@example.com>` as nodemailer takes it (it encodes the name). */
export const fromAddress = (from: Mailbox) => (from.name ? { name: from.name, address: from.address } : from.address);

/**
 * The transport the configuration asks for: nodemailer over SMTP_URL (TLS at once for `smtps://`,
 * STARTTLS when offered for `smtp://`), one connection per email; without SMTP_URL, the outbox.
 */
export function transportFromConfig(config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM'>): EmailTransport {
  const url = config.SMTP_URL;
  if (!url) return { kind: 'outbox', send: async () => undefined, close: () => undefined };
  const mailer = createTransport({
    url,
    connectionTimeout: CONNECTION_TIMEOUT_MS,
    greetingTimeout: CONNECTION_TIMEOUT_MS,
    socketTimeout: SOCKET_TIMEOUT_MS,
  });
  return {
    kind: 'smtp',
    async send(email) {
      await mailer.sendMail({
        from: fromAddress(config.MAIL_FROM),
        to: email.toAddress,
        subject: email.subject,
        text: email.textBody,
        html: email.htmlBody,
        // The same Message-ID on every attempt: a receiver that got an attempt we think failed can drop the copy.
        messageId: email.messageId,
        headers: email.headers,
      });
    },
    close: () => mailer.close(),
  };
}

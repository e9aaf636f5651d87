import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerDataStream } from 'smtp-server';
import { AppError } from '../../lib/errors.ts';
import { INBOUND_EMAIL_MAX_BYTES, receiveInboundEmail, type InboundDeps } from './inbound-email.service.ts';

/** An SMTP error with its reply code, as smtp-server sends it to the client. */
const smtpError = (code: number, message: string) => Object.assign(new Error(message), { responseCode: code });

/** Reads a message's bytes (smtp-server already stops counting past `size`). */
async function readAll(stream: SMTPServerDataStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * The optional SMTP listener (INBOUND_SMTP_PORT, docs/decisions/087-reply-by-email.md) for small
 * self-hosted setups whose MX points here: plain SMTP without authentication that accepts mail only
 * for INBOUND_EMAIL_DOMAIN, at most 25 MB, and takes each message in as `POST /api/email/inbound`
 * does ({@link receiveInboundEmail}), with the envelope's recipients. An unreadable message is
 * accepted and dropped; a database failure answers 451 so the sending server tries again.
 * @returns the port it listens on and how to close it.
 */
export async function startInboundSmtp(deps: InboundDeps, host: string, port: number): Promise<{ port: number; close(): Promise<void> }> {
  const domain = deps.config.INBOUND_EMAIL_DOMAIN ?? '';
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    size: INBOUND_EMAIL_MAX_BYTES,
    logger: false,
    onRcptTo(address, _session, callback) {
      if (address.address.toLowerCase().endsWith(`@${domain}`)) callback();
      else callback(smtpError(550, 'No such recipient here'));
    },
    onData(stream, session, callback) {
      readAll(stream)
        .then(async (raw) => {
          if (stream.sizeExceeded) throw smtpError(552, 'Message too large');
          const outcome = await receiveInboundEmail(
            deps,
            raw,
            session.envelope.rcptTo.map((one) => one.address),
          ).catch((error: unknown) => {
            if (error instanceof AppError && error.statusCode < 500) return 'unreadable';
            throw error;
          });
          deps.log.info({ outcome }, 'inbound email over SMTP');
          callback();
        })
        .catch((error: unknown) => {
          if ((error as { responseCode?: number }).responseCode) return callback(error as Error);
          deps.log.error({ err: error }, 'inbound email over SMTP failed');
          callback(smtpError(451, 'Try again later'));
        });
    },
  });
  server.on('error', (error) => deps.log.error({ err: error }, 'inbound SMTP listener error'));
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return {
    port: (server.server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

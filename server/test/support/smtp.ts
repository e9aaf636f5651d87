import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { until } from './until.ts';

/** An email the test SMTP server accepted: the envelope, and the message as mailparser reads it. */
export interface ReceivedEmail {
  /** Envelope recipients. */
  to: string[];
  /** The raw message as it came over the wire. */
  raw: string;
  parsed: ParsedMail;
  /** A header's value as sent (lower-case name), unfolded. */
  header(name: string): string | undefined;
}

/** A real SMTP server in the test process (the `smtp-server` package), with what it received. */
export interface TestSmtpServer {
  /** `smtp://user:pass@127.0.0.1:port` for SMTP_URL. */
  url: string;
  received: ReceivedEmail[];
  /** Emails received for `address` (envelope recipient). */
  to(address: string): ReceivedEmail[];
  /** Waits until `count` emails were received for `address` (by default at least one). */
  waitFor(address: string, count?: number): Promise<ReceivedEmail[]>;
  /** Stops listening (connections are refused, as when the server is down); start() listens again on the same port. */
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

const USER = 'mailer';
const PASS = 'secret-pass';

/**
 * Starts an SMTP server on a free loopback port that requires SMTP_URL's user and password and
 * keeps every message it accepts. Plain SMTP without STARTTLS: its built-in certificate is a
 * published test key.
 */
export async function startSmtpServer(): Promise<TestSmtpServer> {
  const received: ReceivedEmail[] = [];
  let port = 0;
  let server: SMTPServer | undefined;

  const listen = async () => {
    server = new SMTPServer({
      disabledCommands: ['STARTTLS'],
      allowInsecureAuth: true,
      logger: false,
      onAuth(auth, _session, callback) {
        if (auth.username === USER && auth.password === PASS) callback(null, { user: USER });
        else callback(new Error('Invalid username or password'));
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          simpleParser(raw).then(
            (parsed) => {
              const headerLines = raw
                .slice(0, raw.indexOf('\r\n\r\n'))
                .replace(/\r\n[ \t]+/g, ' ')
                .split('\r\n');
              received.push({
                to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
                raw,
                parsed,
                header: (name) =>
                  headerLines.find((line) => line.toLowerCase().startsWith(`${name.toLowerCase()}:`))?.replace(/^[^:]+:\s*/, ''),
              });
              callback();
            },
            (error: Error) => callback(error),
          );
        });
      },
    });
    const current = server;
    await new Promise<void>((resolve, reject) => {
      current.server.once('error', reject);
      current.listen(port, '127.0.0.1', () => resolve());
    });
    port = (current.server.address() as AddressInfo).port;
  };
  const stop = () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));

  await listen();
  const to = (address: string) => received.filter((email) => email.to.includes(address));
  return {
    url: `smtp://${USER}:${PASS}@127.0.0.1:${port}`,
    received,
    to,
    async waitFor(address, count = 1) {
      await until(() => to(address).length >= count, 30_000, `${count} email(s) to ${address}`);
      return to(address);
    },
    stop,
    start: listen,
    close: stop,
  };
}

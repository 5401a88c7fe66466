import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A mail as it arrived: envelope recipients, the Subject header and the decoded body (every part). */
export interface CaughtMail {
  to: string[];
  subject: string;
  body: string;
}

/** Undoes quoted-printable (soft line breaks and =XX bytes), enough to search the text of a message. */
function decodeQuotedPrintable(raw: string): string {
  const bytes = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/**
 * A real SMTP server in this process (nodemailer's `smtp-server`) that keeps what it receives.
 * `refuse` makes it answer every message with a temporary failure, as a mail server that is down would.
 */
export async function startSmtpCatcher() {
  const mails: CaughtMail[] = [];
  let refusing = false;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (refusing) return callback(Object.assign(new Error('Mailbox busy, try later'), { responseCode: 451 }));
        const raw = Buffer.concat(chunks).toString('latin1');
        const headers = raw.slice(0, raw.indexOf('\r\n\r\n')).replace(/\r\n\s+/g, ' ');
        mails.push({
          to: session.envelope.rcptTo.map(({ address }) => address),
          subject: /^Subject: (.*)$/m.exec(headers)?.[1] ?? '',
          body: decodeQuotedPrintable(raw),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  /** Waits until mails matching `match` number `count` (and answers them). */
  async function waitFor(match: (mail: CaughtMail) => boolean, count = 1, timeoutMs = 20_000): Promise<CaughtMail[]> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = mails.filter(match);
      if (found.length >= count) return found;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${count} mail(s); got: ${mails.map((m) => m.subject).join(' | ')}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    waitFor,
    refuse(on: boolean) {
      refusing = on;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

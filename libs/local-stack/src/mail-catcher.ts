import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

import { SMTPServer } from 'smtp-server';

import { decodeMessage } from './mail-message.js';

export interface CaughtMail {
  /** File name without extension: `<dir>/<id>.eml` (raw) and `<dir>/<id>.json` (this summary). */
  id: string;
  from: string;
  to: string[];
  subject: string;
  text: string;
  links: string[];
  receivedAt: string;
}

export interface MailCatcher {
  /** SMTP_URL for the services. */
  smtpUrl: string;
  /** Where each message is stored. */
  dir: string;
  stop(): Promise<void>;
}

/**
 * A local SMTP server that delivers nowhere: each message is kept as files in `dir`, so sign-in
 * links work on one machine without a mail provider, and tests can read what was sent.
 */
export async function startMailCatcher(opts: {
  dir: string;
  onMail?: (mail: CaughtMail) => void;
  /** Where it listens; 127.0.0.1 when omitted. */
  host?: string;
}): Promise<MailCatcher> {
  const host = opts.host ?? '127.0.0.1';
  await mkdir(opts.dir, { recursive: true });
  let sequence = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    size: 10 * 1024 * 1024,
    // Addresses on the reserved `.invalid` domain are refused the way a real mailbox provider
    // refuses an unknown mailbox, so a failed delivery can be seen on one machine.
    onRcptTo(address, _session, callback) {
      if (address.address.toLowerCase().endsWith('.invalid')) {
        return callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
      }
      return callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        const decoded = decodeMessage(raw.toString('utf8'));
        // Sortable by arrival; the random part keeps concurrent messages apart.
        const id = `${Date.now()}-${String(++sequence).padStart(6, '0')}-${randomBytes(3).toString('hex')}`;
        const mail: CaughtMail = {
          id,
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          subject: decoded.subject,
          text: decoded.text,
          links: [...new Set(decoded.text.match(/https?:\/\/[^\s<>"')]+/g) ?? [])],
          receivedAt: new Date().toISOString(),
        };
        // The .eml lands first: a reader that sees the .json can rely on both.
        writeFile(join(opts.dir, `${id}.eml`), raw)
          .then(() => writeFile(join(opts.dir, `${id}.json`), `${JSON.stringify(mail, null, 2)}\n`))
          .then(
            () => {
              opts.onMail?.(mail);
              callback();
            },
            (err: Error) => callback(err),
          );
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, () => resolve());
  });
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    smtpUrl: `smtp://${host}:${port}`,
    dir: opts.dir,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

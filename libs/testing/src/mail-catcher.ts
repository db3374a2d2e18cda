import { createServer, type Server } from 'node:http';
import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  from: string;
  to: string[];
  raw: string;
  receivedAt: string;
}

export interface MailCatcher {
  /** SMTP_URL for the system under test. */
  smtpUrl: string;
  /** GET {inboxUrl}/messages?to=<address>: what the SMTP server accepted, oldest first. */
  inboxUrl: string;
  stop(): Promise<void>;
}

/**
 * A real SMTP server for end-to-end tests. Recipients whose address contains "undeliverable"
 * are refused, so tests can see a delivery fail.
 */
export async function startMailCatcher(): Promise<MailCatcher> {
  const messages: CaughtMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (address.address.includes('undeliverable')) return callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
      return callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          raw: Buffer.concat(chunks).toString('utf8'),
          receivedAt: new Date().toISOString(),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const smtpPort = (smtp.server.address() as { port: number }).port;

  const inbox: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== '/messages') return void res.writeHead(404).end();
    const to = url.searchParams.get('to')?.toLowerCase();
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(to ? messages.filter((m) => m.to.includes(to)) : messages));
  });
  await new Promise<void>((resolve) => inbox.listen(0, '127.0.0.1', resolve));
  const inboxPort = (inbox.address() as { port: number }).port;

  return {
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
    inboxUrl: `http://127.0.0.1:${inboxPort}`,
    stop: async () => {
      inbox.close();
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    },
  };
}

/** Mail the catcher accepted for one address. */
export async function mailTo(inboxUrl: string, address: string): Promise<CaughtMail[]> {
  const res = await fetch(`${inboxUrl}/messages?to=${encodeURIComponent(address)}`);
  return (await res.json()) as CaughtMail[];
}

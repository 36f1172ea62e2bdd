import type net from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface Received {
  from: string;
  to: string[];
  raw: string;
}

export interface SmtpListener {
  server: SMTPServer;
  port: number;
  received: Received[];
  close(): Promise<void>;
}

/** A real SMTP server on a free loopback port that keeps every message it accepts. */
export function startSmtp(port = 0): Promise<SmtpListener> {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  return new Promise((resolve) => {
    server.listen(port, '127.0.0.1', () =>
      resolve({
        server,
        port: (server.server.address() as net.AddressInfo).port,
        received,
        close: () => new Promise<void>((done) => server.close(() => done())),
      }),
    );
  });
}

/** Decodes a quoted-printable body (soft line breaks, =XX bytes as UTF-8). */
export function decodeQuotedPrintable(body: string): string {
  const joined = body.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let index = 0; index < joined.length; index += 1) {
    const hex = joined.slice(index + 1, index + 3);
    if (joined[index] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      index += 2;
    } else {
      bytes.push(...Buffer.from(joined[index] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** The messages received for an address, oldest first. */
export const mailsTo = (listener: SmtpListener, address: string): Received[] => listener.received.filter((mail) => mail.to.includes(address));

/** The first link to the path (e.g. /set-password) in a plain-text message, with its token. */
export function linkIn(mail: Received | undefined, path: string): { url: URL; token: string } {
  if (!mail) throw new Error(`no e-mail with a ${path} link`);
  const text = decodeQuotedPrintable(mail.raw);
  const match = new RegExp(`https?://\\S+${path.replace(/[/.]/g, '\\$&')}\\?token=[^\\s]+`).exec(text);
  if (!match) throw new Error(`no ${path} link in: ${text}`);
  const url = new URL(match[0]);
  return { url, token: url.searchParams.get('token') ?? '' };
}

/** One part of a MIME message: its headers (lower-cased names) and its body as sent. */
export interface MimePart {
  headers: Record<string, string>;
  body: string;
}

/** The leaf parts of a (nested) multipart message; a single-part message is one part. */
export function mimeParts(raw: string): MimePart[] {
  const split = raw.indexOf('\r\n\r\n');
  const head = split < 0 ? raw : raw.slice(0, split);
  const body = split < 0 ? '' : raw.slice(split + 4);
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const boundary = /boundary="?([^";]+)"?/i.exec(headers['content-type'] ?? '')?.[1];
  if (!boundary || !/^multipart\//i.test(headers['content-type'] ?? '')) return [{ headers, body }];
  const sections = body.split(`--${boundary}`).slice(1);
  return sections.filter((section) => !section.startsWith('--')).flatMap((section) => mimeParts(section.replace(/^\r\n/, '').replace(/\r\n$/, '')));
}

/** A part's body decoded from its transfer encoding. */
export function partBytes(part: MimePart): Buffer {
  const encoding = (part.headers['content-transfer-encoding'] ?? '').toLowerCase();
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64');
  if (encoding === 'quoted-printable') return Buffer.from(decodeQuotedPrintable(part.body), 'utf8');
  return Buffer.from(part.body, 'utf8');
}

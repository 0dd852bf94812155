import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/** A real SMTP server on 127.0.0.1 (no TLS, no auth) that keeps what it receives. */
export async function startSmtpReceiver(): Promise<{
  url: string;
  mails: ReceivedMail[];
  close(): Promise<void>;
}> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface ReceivedHook {
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A local HTTP receiver; `answer` picks each request's status (default 200). */
export async function startHookReceiver(answer: (n: number) => number = () => 200) {
  const hooks: ReceivedHook[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      hooks.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.statusCode = answer(hooks.length);
      response.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/portal`,
    hooks,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Decodes the RFC 2047 encoded words of a header value (unfolded). */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_all, _charset: string, enc: string, text: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            'latin1',
          ).toString('utf8'),
    );
}

/** The unfolded headers (names in lower case, values decoded) and the body of a MIME entity. */
function splitEntity(entity: string): { headers: Record<string, string>; body: string } {
  const split = entity.indexOf('\n\n');
  const head = (split < 0 ? entity : entity.slice(0, split)).replace(/\n[ \t]+/g, ' ');
  const headers: Record<string, string> = {};
  for (const line of head.split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = decodeWords(line.slice(colon + 1).trim());
  }
  return { headers, body: split < 0 ? '' : entity.slice(split + 2) };
}

/** The decoded bytes of a body in its transfer encoding. */
function decodeBytes(body: string, transferEncoding: string | undefined): Buffer {
  const encoding = (transferEncoding ?? '7bit').toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64');
  if (encoding === 'quoted-printable') {
    const bytes = body
      .replace(/=\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1');
  }
  return Buffer.from(body, 'utf8');
}

interface MailPart {
  type: string;
  /** The file name of an attachment (`Content-Disposition`), else empty. */
  fileName: string;
  content: Buffer;
}

/** The file name of a `Content-Disposition`, plain or in RFC 2231 pieces (`filename*0*=utf-8''…`). */
function fileNameOf(disposition: string): string {
  const plain = /filename="([^"]*)"/i.exec(disposition)?.[1];
  if (plain !== undefined) return plain;
  const pieces = [...disposition.matchAll(/filename\*(?:\d+)?\*?=([^;]+)/gi)].map((m) => m[1]?.trim() ?? '');
  return decodeURIComponent(
    pieces
      .join('')
      .replace(/^[\w-]+''/, '')
      .replace(/"/g, ''),
  );
}

/** The leaf parts of a MIME entity, nested multiparts opened in order. */
function leafParts(headers: Record<string, string>, body: string): MailPart[] {
  const type = headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!type.toLowerCase().startsWith('multipart/') || !boundary) {
    const fileName = fileNameOf(headers['content-disposition'] ?? '');
    return [
      {
        type: (type.split(';')[0] ?? type).trim().toLowerCase(),
        fileName,
        content: decodeBytes(body.replace(/\n$/, ''), headers['content-transfer-encoding']),
      },
    ];
  }
  return body
    .split(`--${boundary}`)
    .slice(1)
    .filter((part) => !part.startsWith('--'))
    .map((part) => splitEntity(part.replace(/^\n/, '')))
    .flatMap((part) => leafParts(part.headers, part.body));
}

/**
 * The headers and decoded parts of a message: `text` is its plain text (the text/plain part of a
 * multipart message), `html` its HTML part (empty when it has none), `types` the content types of
 * its leaf parts in order (nested multiparts opened), and `attachments` its files.
 */
export function readMail(raw: string): {
  headers: Record<string, string>;
  text: string;
  html: string;
  types: string[];
  attachments: { type: string; fileName: string; content: Buffer }[];
} {
  const { headers, body } = splitEntity(raw.replace(/\r\n/g, '\n'));
  const parts = leafParts(headers, body);
  const textOf = (type: string) =>
    parts.find((p) => p.type === type && !p.fileName)?.content.toString('utf8');
  return {
    headers,
    text: textOf('text/plain') ?? '',
    html: textOf('text/html') ?? '',
    types: parts.map((p) => p.type),
    attachments: parts.filter((p) => p.fileName !== ''),
  };
}

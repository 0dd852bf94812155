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

/** The decoded text of a body in its transfer encoding. */
function decodeBody(body: string, transferEncoding: string | undefined): string {
  const encoding = (transferEncoding ?? '7bit').toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = body
      .replace(/=\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

/**
 * The headers and decoded parts of a message: `text` is its plain text (the text/plain part of a
 * multipart/alternative message), `html` its HTML part (empty when it has none), and `types` the
 * content types of its parts in order.
 */
export function readMail(raw: string): {
  headers: Record<string, string>;
  text: string;
  html: string;
  types: string[];
} {
  const { headers, body } = splitEntity(raw.replace(/\r\n/g, '\n'));
  const type = headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!type.toLowerCase().startsWith('multipart/') || !boundary) {
    const text = decodeBody(body, headers['content-transfer-encoding']);
    return { headers, text, html: '', types: [type.split(';')[0] ?? type] };
  }
  const parts = body
    .split(`--${boundary}`)
    .slice(1)
    .filter((part) => !part.startsWith('--'))
    .map((part) => splitEntity(part.replace(/^\n/, '')))
    .map((part) => ({
      type: (part.headers['content-type'] ?? 'text/plain').split(';')[0]?.trim().toLowerCase() ?? '',
      content: decodeBody(part.body.replace(/\n$/, ''), part.headers['content-transfer-encoding']),
    }));
  return {
    headers,
    text: parts.find((p) => p.type === 'text/plain')?.content ?? '',
    html: parts.find((p) => p.type === 'text/html')?.content ?? '',
    types: parts.map((p) => p.type),
  };
}

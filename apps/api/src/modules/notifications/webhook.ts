import crypto from 'node:crypto';
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';

/** How long one webhook POST may take, connection and answer included. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** The most of a receiver's answer that is read (then the connection is dropped). */
const MAX_ANSWER_BYTES = 64 * 1024;

/** `sha256=<hex>`: HMAC-SHA256 of `<timestamp>.<body>` keyed by the agency's signing secret. */
export function signWebhook(secret: string, timestamp: string, body: string): string {
  return `sha256=${crypto.createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/**
 * True for addresses a webhook must not reach unless private targets are allowed: loopback,
 * private (RFC 1918, ULA), link-local, CGNAT, unspecified, multicast and reserved ranges, and
 * IPv4-mapped IPv6 forms of them.
 */
export function isPrivateAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) {
    const [a = 0, b = 0] = address.split('.').map(Number);
    return (
      a === 0 ||
      a === 10 ||
      a === 127 ||
      (a === 100 && b >= 64 && b <= 127) ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 198 && (b === 18 || b === 19)) ||
      a >= 224
    );
  }
  if (family === 6) {
    const lower = address.toLowerCase();
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
    if (mapped?.[1]) return isPrivateAddress(mapped[1]);
    return (
      lower === '::' ||
      lower === '::1' ||
      /^f[cd]/.test(lower) ||
      /^fe[89ab]/.test(lower) ||
      lower.startsWith('ff') ||
      lower.startsWith('::ffff:')
    );
  }
  return true;
}

export interface WebhookResult {
  ok: boolean;
  status: number | null;
  error: string | null;
}

/** Why a URL cannot be a webhook target, or null when it can. */
export function webhookUrlProblem(target: string): string | null {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return 'not a URL';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return `scheme ${url.protocol} is not http or https`;
  if (url.username || url.password) return 'credentials in the URL';
  return null;
}

/**
 * POSTs `body` to `target` with the signature headers. The host's addresses are checked as the
 * connection is made (the `lookup` hook), so a name that resolves to a private address is refused
 * even if it changed since an earlier look; redirects are not followed.
 */
export function postWebhook(
  target: string,
  body: string,
  headers: Record<string, string>,
  options: { allowPrivate: boolean; timeoutMs?: number },
): Promise<WebhookResult> {
  const problem = webhookUrlProblem(target);
  if (problem) return Promise.resolve({ ok: false, status: null, error: problem });
  const url = new URL(target);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(host) && !options.allowPrivate && isPrivateAddress(host)) {
    return Promise.resolve({ ok: false, status: null, error: `refused private address ${host}` });
  }
  const lookup: net.LookupFunction = (hostname, lookupOptions, callback) => {
    dns.lookup(hostname, { ...lookupOptions, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 4);
      const list = addresses as dns.LookupAddress[];
      const refused = options.allowPrivate ? undefined : list.find((a) => isPrivateAddress(a.address));
      if (refused) return callback(new Error(`refused private address ${refused.address}`), '', 4);
      if (lookupOptions.all) return callback(null, list as unknown as string, 4);
      const first = list[0];
      if (!first) return callback(new Error(`no address for ${hostname}`), '', 4);
      callback(null, first.address, first.family);
    });
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: WebhookResult) => {
      if (settled) return;
      settled = true;
      resolve(result);
    };
    const request = client.request(
      url,
      {
        method: 'POST',
        lookup,
        timeout: options.timeoutMs ?? WEBHOOK_TIMEOUT_MS,
        signal: AbortSignal.timeout(options.timeoutMs ?? WEBHOOK_TIMEOUT_MS),
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
      },
      (response) => {
        const status = response.statusCode ?? 0;
        let read = 0;
        response.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > MAX_ANSWER_BYTES) response.destroy();
        });
        const done = () => {
          const ok = status >= 200 && status < 300;
          finish({ ok, status, error: ok ? null : `HTTP ${status}` });
        };
        response.on('end', done);
        response.on('close', done);
        response.on('error', done);
      },
    );
    request.on('timeout', () => request.destroy(new Error('timed out')));
    request.on('error', (error) => finish({ ok: false, status: null, error: error.message.slice(0, 500) }));
    request.end(body);
  });
}

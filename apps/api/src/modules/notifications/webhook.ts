import crypto from 'node:crypto';
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import ipaddr from 'ipaddr.js';

/** How long one webhook POST may take, connection and answer included. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** The most of a receiver's answer that is read (then the connection is dropped). */
const MAX_ANSWER_BYTES = 64 * 1024;

/** `sha256=<hex>`: HMAC-SHA256 of `<timestamp>.<body>` keyed by the agency's signing secret. */
export function signWebhook(secret: string, timestamp: string, body: string): string {
  return `sha256=${crypto.createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** Where the IPv4 address sits inside an IPv6 address that carries one (16-bit parts). */
function embeddedIPv4(address: ipaddr.IPv6): ipaddr.IPv4 | undefined {
  const p = address.parts;
  const from = (hi: number, lo: number) => new ipaddr.IPv4([hi >> 8, hi & 0xff, lo >> 8, lo & 0xff]);
  switch (address.range()) {
    case 'ipv4Mapped': // ::ffff:a.b.c.d
    case 'rfc6145': // ::ffff:0:a.b.c.d (SIIT)
      return from(p[6] ?? 0, p[7] ?? 0);
    case 'rfc6052': // NAT64 64:ff9b::a.b.c.d; the local-use 64:ff9b:1::/48 is refused whole below
      return address.match(ipaddr.IPv6.parse('64:ff9b::'), 96) ? from(p[6] ?? 0, p[7] ?? 0) : undefined;
    case '6to4': // 2002:AABB:CCDD::/48 carries a.b.c.d in bits 16-48
      return from(p[1] ?? 0, p[2] ?? 0);
    default:
      return undefined;
  }
}

/**
 * True for addresses a webhook must not reach unless private targets are allowed: everything but
 * public unicast. IPv4: loopback, private (RFC 1918), link-local, CGNAT, unspecified, broadcast,
 * multicast, documentation, benchmarking and other reserved ranges. IPv6: loopback, unspecified,
 * unique-local, link-local, site-local, multicast, documentation, discard and other special
 * ranges, and every form that carries an IPv4 address (IPv4-mapped, SIIT, NAT64 `64:ff9b::/96`,
 * 6to4 `2002::/16`) is judged by that address. The deprecated IPv4-compatible `::a.b.c.d`, the
 * local-use NAT64 prefix `64:ff9b:1::/48` and Teredo `2001::/32` (which hides its client's
 * address) are refused whatever they carry. Anything that is not an address is refused.
 */
export function isPrivateAddress(address: string): boolean {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.parse(address.replace(/^\[|\]$/g, ''));
  } catch {
    return true;
  }
  if (parsed instanceof ipaddr.IPv4) return parsed.range() !== 'unicast';
  const v6 = parsed;
  if (v6.match(ipaddr.IPv6.parse('::'), 96)) return true; // ::, ::1 and IPv4-compatible ::a.b.c.d
  const carried = embeddedIPv4(v6);
  if (carried) return carried.range() !== 'unicast';
  return v6.range() !== 'unicast';
}

/** What a notification URL may be: https always, http only where allowed (demo mode). */
export interface WebhookTargetRule {
  allowHttp: boolean;
  /** `WEBHOOK_ALLOW_PRIVATE`: loopback and private addresses are allowed (demo and tests). */
  allowPrivate: boolean;
}

/**
 * Why a URL cannot be a webhook target, or null when it can: one check for saving a notification
 * URL and for each delivery. The scheme must be https (or http when allowed), the URL must carry
 * no credentials, and a host written as an address must not be private (see `isPrivateAddress`).
 * A host name is judged again by the addresses it resolves to when a delivery connects.
 */
export function webhookUrlProblem(target: string, rule: WebhookTargetRule): string | null {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return 'not a URL';
  }
  const schemes = rule.allowHttp ? ['https:', 'http:'] : ['https:'];
  if (!schemes.includes(url.protocol))
    return `scheme ${url.protocol} is not ${rule.allowHttp ? 'http or ' : ''}https`;
  if (url.username || url.password) return 'credentials in the URL';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(host) && !rule.allowPrivate && isPrivateAddress(host))
    return `refused private address ${host}`;
  return null;
}

export interface WebhookResult {
  ok: boolean;
  status: number | null;
  error: string | null;
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
  // Stored URLs were checked when saved; the rules may have changed since (http stays deliverable).
  const problem = webhookUrlProblem(target, { allowHttp: true, allowPrivate: options.allowPrivate });
  if (problem) return Promise.resolve({ ok: false, status: null, error: problem });
  const url = new URL(target);
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

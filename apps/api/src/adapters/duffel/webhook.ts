/*
 * Duffel's webhook: deliveries signed as Duffel documents (`X-Duffel-Signature: t=<unix seconds>,
 * v1=<hex HMAC-SHA256 of "<t>.<raw body>" with the webhook secret>`), checked on the raw body,
 * refused when stale or seen before. An airline-initiated change makes the portal ask its
 * suppliers for schedule events at once (the disruption scan reads the order's changes).
 */
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

export const DUFFEL_WEBHOOK_PATH = '/webhooks/duffel';
/** How old a delivery may be, seconds (a replay outside this window is refused). */
export const SIGNATURE_TOLERANCE_SECONDS = 300;
export const AIRLINE_CHANGE_EVENT = 'order.airline_initiated_change_detected';

/** The signature header of a body signed at `timestamp` (seconds): what Duffel sends, and the mock. */
export function signatureHeader(secret: string, body: string, timestamp: number): string {
  const v1 = crypto.createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

export type SignatureCheck =
  { ok: true; timestamp: number } | { ok: false; reason: 'malformed' | 'mismatch' | 'stale' };

/** Checks a delivery's signature header against its raw body, at `now`. */
export function checkSignature(
  secret: string,
  body: string,
  header: string | undefined,
  now: Date,
): SignatureCheck {
  const parts = new Map(
    (header ?? '').split(',').map((part) => {
      const at = part.indexOf('=');
      return [part.slice(0, at).trim(), part.slice(at + 1).trim()] as const;
    }),
  );
  const timestamp = Number(parts.get('t'));
  const given = parts.get('v1') ?? '';
  if (!Number.isInteger(timestamp) || !/^[0-9a-f]{64}$/i.test(given))
    return { ok: false, reason: 'malformed' };
  const expected = crypto.createHmac('sha256', secret).update(`${timestamp}.${body}`).digest();
  if (!crypto.timingSafeEqual(expected, Buffer.from(given, 'hex'))) return { ok: false, reason: 'mismatch' };
  if (Math.abs(now.getTime() / 1000 - timestamp) > SIGNATURE_TOLERANCE_SECONDS)
    return { ok: false, reason: 'stale' };
  return { ok: true, timestamp };
}

const Delivery = z.object({
  id: z.string().min(1).max(128),
  type: z.string().min(1).max(128),
  data: z
    .object({ object: z.object({ id: z.string(), order_id: z.string().optional() }).passthrough() })
    .optional(),
});

export interface DuffelWebhookOptions {
  secret: string;
  now: () => Date;
  /** Called for each new airline-initiated change (the wiring queues a disruption scan). */
  onAirlineChange: (orderId: string | undefined) => Promise<void>;
}

/** The webhook route: 204 for a delivery taken (or one already taken), 401 for a bad signature. */
export async function duffelWebhookRoutes(
  app: FastifyInstance,
  options: DuffelWebhookOptions,
): Promise<void> {
  const seen = new Map<string, number>();
  // The raw body is what Duffel signed: parsed here, in this plugin's scope only.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
    done(null, body),
  );
  app.post(
    DUFFEL_WEBHOOK_PATH,
    { config: { access: 'public' }, schema: { hide: true } },
    async (request, reply) => {
      const raw = typeof request.body === 'string' ? request.body : '';
      const header = request.headers['x-duffel-signature'];
      const now = options.now();
      const check = checkSignature(options.secret, raw, typeof header === 'string' ? header : undefined, now);
      if (!check.ok) {
        request.log.warn({ duffelWebhook: check.reason }, 'duffel webhook refused');
        return reply.code(401).send({ error: 'invalid signature' });
      }
      let parsed: z.infer<typeof Delivery>;
      try {
        parsed = Delivery.parse(JSON.parse(raw));
      } catch {
        return reply.code(400).send({ error: 'unreadable delivery' });
      }
      // A delivery seen inside the tolerance window is a replay (or a retry already taken).
      for (const [id, at] of seen)
        if (at < now.getTime() - 2 * SIGNATURE_TOLERANCE_SECONDS * 1000) seen.delete(id);
      if (seen.has(parsed.id)) return reply.code(204).send();
      seen.set(parsed.id, now.getTime());
      request.log.info({ duffelWebhook: parsed.type, eventId: parsed.id }, 'duffel webhook');
      if (parsed.type === AIRLINE_CHANGE_EVENT) await options.onAirlineChange(parsed.data?.object.order_id);
      return reply.code(204).send();
    },
  );
}

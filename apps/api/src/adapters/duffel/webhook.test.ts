import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  AIRLINE_CHANGE_EVENT,
  checkSignature,
  DUFFEL_WEBHOOK_PATH,
  duffelWebhookRoutes,
  signatureHeader,
} from './webhook';

const secret = 'whsec_duffel_contract_secret';
const now = new Date('2027-03-01T00:00:00Z');
const t = Math.floor(now.getTime() / 1000);
const body = JSON.stringify({
  id: 'wev_1',
  type: AIRLINE_CHANGE_EVENT,
  data: { object: { id: 'aic_1', order_id: 'ord_1' } },
});

describe('signature', () => {
  it('accepts Duffel’s t=…,v1=… HMAC-SHA256 of "t.body"', () => {
    expect(checkSignature(secret, body, signatureHeader(secret, body, t), now)).toEqual({
      ok: true,
      timestamp: t,
    });
  });

  it('refuses another secret, a changed body, a malformed header and a stale timestamp (replay)', () => {
    expect(checkSignature(secret, body, signatureHeader('another-secret-of-16', body, t), now)).toEqual({
      ok: false,
      reason: 'mismatch',
    });
    expect(checkSignature(secret, `${body} `, signatureHeader(secret, body, t), now)).toEqual({
      ok: false,
      reason: 'mismatch',
    });
    expect(checkSignature(secret, body, 'v1=abc', now)).toEqual({ ok: false, reason: 'malformed' });
    expect(checkSignature(secret, body, undefined, now)).toEqual({ ok: false, reason: 'malformed' });
    expect(checkSignature(secret, body, signatureHeader(secret, body, t - 301), now)).toEqual({
      ok: false,
      reason: 'stale',
    });
  });
});

describe('webhook route', () => {
  async function app() {
    const changes: (string | undefined)[] = [];
    const server = Fastify();
    await server.register(duffelWebhookRoutes, {
      secret,
      now: () => now,
      onAirlineChange: async (id) => void changes.push(id),
    });
    return { server, changes };
  }
  const post = (server: Awaited<ReturnType<typeof app>>['server'], payload: string, signature: string) =>
    server.inject({
      method: 'POST',
      url: DUFFEL_WEBHOOK_PATH,
      payload,
      headers: { 'content-type': 'application/json', 'x-duffel-signature': signature },
    });

  it('takes a signed airline-initiated change once: a replay of the same delivery changes nothing', async () => {
    const { server, changes } = await app();
    expect((await post(server, body, signatureHeader(secret, body, t))).statusCode).toBe(204);
    expect((await post(server, body, signatureHeader(secret, body, t))).statusCode).toBe(204);
    expect(changes).toEqual(['ord_1']);
  });

  it('refuses an invalid signature with 401 and does nothing', async () => {
    const { server, changes } = await app();
    expect((await post(server, body, signatureHeader('not-the-secret-16', body, t))).statusCode).toBe(401);
    expect(changes).toEqual([]);
  });

  it('ignores other event types', async () => {
    const { server, changes } = await app();
    const other = JSON.stringify({ id: 'wev_2', type: 'order.updated', data: { object: { id: 'ord_1' } } });
    expect((await post(server, other, signatureHeader(secret, other, t))).statusCode).toBe(204);
    expect(changes).toEqual([]);
  });
});

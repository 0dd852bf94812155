/*
 * Webhook deliveries of the Duffel mock, signed as Duffel documents them: `X-Duffel-Signature:
 * t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`.
 */
import crypto from 'node:crypto';
import { type Json, newId } from './fixtures';

/** Signs a webhook body as Duffel does: `t=<seconds>,v1=<hex HMAC-SHA256 of "t.body">`. */
export function signDelivery(
  secret: string,
  body: string,
  timestamp = Math.floor(Date.now() / 1000),
): string {
  return `t=${timestamp},v1=${crypto.createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** Posts a signed webhook delivery; resolves with the receiver's status. */
export async function deliverWebhook(
  url: string,
  secret: string,
  type: string,
  object: Json,
): Promise<number> {
  const body = JSON.stringify({
    id: newId('wev'),
    type,
    live_mode: false,
    created_at: new Date().toISOString(),
    api_version: 'v2',
    data: { object },
  });
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-duffel-signature': signDelivery(secret, body) },
    body,
  });
  return response.status;
}

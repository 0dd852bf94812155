import crypto from 'node:crypto';
import { singleLoginPayload, type SingleLoginBody } from '@portal/domain/auth';
import { SSO_MAX_AGE_MS } from '@portal/domain/limits';
import { AppError } from '../../platform/errors';

export function signSingleLogin(
  secret: string,
  body: Pick<SingleLoginBody, 'code' | 'timestamp' | 'userid'>,
) {
  return crypto.createHmac('sha256', secret).update(singleLoginPayload(body)).digest('hex');
}

/** Checks the partner's HMAC signature (constant time) and the timestamp window. */
export function checkSingleLogin(secret: string, body: SingleLoginBody, now: Date): void {
  const expected = Buffer.from(signSingleLogin(secret, body), 'hex');
  const given = Buffer.from(body.signature.toLowerCase(), 'hex');
  if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) {
    throw new AppError('SSO_INVALID');
  }
  if (Math.abs(now.getTime() - body.timestamp) > SSO_MAX_AGE_MS) throw new AppError('SSO_EXPIRED');
}

import { generate, generateSecret, generateURI, verify } from 'otplib';

/** The issuer an authenticator app shows beside a platform admin's codes. */
export const TOTP_ISSUER = 'Portal platform';

/** TOTP as authenticator apps do it: SHA-1, six digits, 30-second steps. */
export const TOTP_PERIOD_SECONDS = 30;

/** One step either side of the server's clock is accepted (a phone's clock drifts). */
const TOLERANCE_SECONDS = TOTP_PERIOD_SECONDS;

/** A new base32 TOTP secret of 20 random bytes (160 bits, RFC 4226's recommendation). */
export function newTotpSecret(): string {
  return generateSecret({ length: 20 });
}

/** The `otpauth://totp/…` URI an authenticator app reads (as a QR code or typed in). */
export function totpUri(username: string, secret: string): string {
  return generateURI({ issuer: TOTP_ISSUER, label: username, secret });
}

/**
 * The time step of `code` when it is the secret's code at `at` (one step of drift either way) and
 * later than `afterStep`, the step of the last code accepted; otherwise null. Refusing a step at
 * or before the last accepted one makes each code work once.
 */
export async function acceptedStep(
  secret: string,
  code: string,
  at: Date,
  afterStep: number | null,
): Promise<number | null> {
  try {
    const result = await verify({
      secret,
      token: code,
      epoch: Math.floor(at.getTime() / 1000),
      epochTolerance: TOLERANCE_SECONDS,
      ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
    });
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  } catch {
    // A malformed secret or code is a refused code, never a 500.
    return null;
  }
}

/** The code of `secret` at `at` (tests, the demo's browser tests compute theirs the same way). */
export async function totpCode(secret: string, at: Date): Promise<string> {
  return generate({ secret, epoch: Math.floor(at.getTime() / 1000) });
}

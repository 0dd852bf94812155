import type { FastifyBaseLogger } from 'fastify';
import type { ApplicationInput } from '@portal/domain/api/applications';
import { DEFAULT_LOCALE, type Locale } from '@portal/domain/locale';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { WindowCounter } from '../../platform/rate-limits';
import { queuePlatformEmail } from '../notifications/index';
import { applicationEmail } from './application-email';
import { countRecentByEmail, insertApplication } from './applications.repo';

/**
 * How many enquiries are taken per client address (per API instance, in memory) and per e-mail
 * address (counted in the table, so across instances); docs/public-face.md.
 */
export const APPLICATION_RATE_LIMITS = {
  perAddress: { max: 5, windowMs: 60 * 60_000 },
  perEmail: { max: 3, windowMs: 24 * 60 * 60_000 },
} as const;

export interface SubmitApplicationDeps {
  db: Db;
  now: () => Date;
  counter: WindowCounter;
  salesEmail: string;
  log: FastifyBaseLogger;
}

function limited(seconds: number): AppError {
  return new AppError('APPLICATION_RATE_LIMITED', { seconds }, { retryAfterSeconds: seconds });
}

/**
 * Takes a partnership enquiry: the client address's limit first (a bot is refused as a person
 * would be), then the honeypot (filled: the same answer, nothing stored or sent), then the
 * e-mail's limit; stores it, and once that has committed queues the e-mail to the sales address.
 * A failure to queue the e-mail is logged and does not undo the stored enquiry.
 */
export async function submitApplication(
  deps: SubmitApplicationDeps,
  input: ApplicationInput,
  client: { ip: string; locale: Locale },
): Promise<void> {
  const { perAddress, perEmail } = APPLICATION_RATE_LIMITS;
  const wait = deps.counter.hit(`application:${client.ip}`, perAddress.max, perAddress.windowMs);
  if (wait !== undefined) throw limited(wait);
  if (input.honeypot) {
    deps.log.info({ ip: client.ip }, 'partnership enquiry dropped: honeypot filled');
    return;
  }
  const now = deps.now();
  if (input.email) {
    const since = new Date(now.getTime() - perEmail.windowMs);
    if ((await countRecentByEmail(deps.db, input.email, since)) >= perEmail.max) {
      throw limited(Math.ceil(perEmail.windowMs / 1000));
    }
  }
  const { honeypot: _honeypot, ...fields } = input;
  const row = await deps.db.transaction((tx) =>
    insertApplication(tx, {
      ...fields,
      locale: client.locale,
      sourceIp: client.ip,
      createdAt: now,
      updatedAt: now,
    }),
  );
  try {
    await queuePlatformEmail(deps.db, { ...applicationEmail(row, deps.salesEmail, DEFAULT_LOCALE), at: now });
  } catch (error) {
    deps.log.error(
      { err: error, applicationId: row.id },
      'partnership enquiry stored, its e-mail not queued',
    );
  }
}

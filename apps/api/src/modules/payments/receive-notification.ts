import type { FastifyBaseLogger } from 'fastify';
import type { GatewayNotification, NOTIFY_RESULTS } from '@portal/domain/api/payments';
import type { Db } from '../../platform/db';
import type { PaymentGateways } from './gateway';
import { lateCaptureLog, refundLateCapture } from './late-captures';
import { settleNotification, type NotifyOutcome } from './notification';
import type { PayableRegistry } from './payable';

/** What receiving a provider's notification needs. */
export interface ReceiveDeps {
  db: Db;
  gateways: PaymentGateways;
  payables: PayableRegistry;
  log: FastifyBaseLogger;
}

/**
 * A provider's notification, settled in one transaction by `settle`; money the order cannot take
 * (a late capture) is then refunded through the provider, after the transaction, and when that
 * fails the queued job tries again. Answers what happened, as the notify route does.
 */
export async function receiveNotification(
  deps: ReceiveDeps,
  settle: (tx: Db) => Promise<NotifyOutcome>,
  now: () => Date,
): Promise<(typeof NOTIFY_RESULTS)[number]> {
  const outcome = await deps.db.transaction(settle);
  if (outcome.result !== 'late') return outcome.result;
  const capture = outcome.capture;
  try {
    const refunded = await refundLateCapture(deps.db, deps.gateways, capture.id, now());
    deps.log.warn(lateCaptureLog(refunded ?? capture), 'late capture refunded');
    return 'refunded';
  } catch (error) {
    deps.log.error({ err: error, ...lateCaptureLog(capture) }, 'late capture refund failed; retry queued');
    return 'refund_pending';
  }
}

/**
 * A notification of `channel` whose signature its provider's own route checked (Stripe's webhook,
 * by Stripe's scheme): settled by the same rules, and answered the same way, as the generic
 * notify route's.
 */
export function receiveVerifiedNotification(
  deps: ReceiveDeps,
  channel: string,
  n: Omit<GatewayNotification, 'signature'>,
  now: () => Date,
): Promise<(typeof NOTIFY_RESULTS)[number]> {
  return receiveNotification(deps, (tx) => settleNotification(tx, channel, n, now(), deps.payables), now);
}

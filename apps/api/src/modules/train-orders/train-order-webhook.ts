import { randomUUID } from 'node:crypto';
import type { TrainOrderEvent } from '@portal/domain/train-order';
import type { Db } from '../../platform/db';
import { queueWebhook } from '../notifications/index';

/**
 * Queues the train notification URL's signed webhook of a train order event through the outbound
 * module (signature, retries and attempts are its own), in the caller's transaction.
 */
export async function notifyTrainOrderWebhook(
  tx: Db,
  event: { agencyId: number; orderId: string; url: string; at: Date; payload: TrainOrderEvent },
): Promise<void> {
  await queueWebhook(tx, {
    agencyId: event.agencyId,
    kind: 'train.ticketed',
    orderId: event.orderId,
    url: event.url,
    at: event.at,
    payload: {
      id: randomUUID(),
      occurredAt: event.at.toISOString(),
      agencyId: event.agencyId,
      ...event.payload,
    },
  });
}

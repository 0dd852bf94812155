import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Envelope } from '@portal/domain/envelope';
import type { PaymentChannel, PaymentPending } from '@portal/domain/payment';
import type { Db } from '../../platform/db';
import { ok } from '../../platform/envelope';
import { AppError } from '../../platform/errors';
import { withIdempotency, withIdempotentSteps } from '../../platform/idempotency';
import type { RequestContext } from '../../platform/request-context';
import type { PaymentGateways } from './gateway';
import { prepareGatewayPayment, recordGatewayPayment } from './gateway-payment';
import type { Payable } from './payable';
import { payWithBalanceAnswering } from './pay-order';

/** What a payment route answers: paid at once (the order as the route presents it), or pending. */
export type PaymentAnswer<O> = Envelope<{ status: 'paid'; order: O } | PaymentPending>;

/** One payment of the caller's order `key` of an order kind, as its route asks for it. */
export interface ChannelPayment<Key, R, O> {
  db: Db;
  now: () => Date;
  gateways: PaymentGateways;
  ctx: RequestContext;
  payable: Payable<Key, R>;
  key: Key;
  channel: PaymentChannel;
  returnUrl?: string;
  /** The paid order as the route answers it, read in the payment's transaction. */
  present: (tx: Db, paid: R) => Promise<O> | O;
}

/**
 * The payment flow of every order kind's payment route, under the request's `Idempotency-Key`:
 * through the channel's outside provider when one serves it (its start, maybe a network call,
 * outside any transaction, then one short transaction storing the pending payment; the signed
 * notification pays the order later), else from the balance in one transaction (400
 * PAYMENT_CHANNEL_UNAVAILABLE for a channel nobody serves). A replayed answer is typed unknown by
 * the idempotency store: the route parses it through its response schema.
 */
export async function payWithChannel<Key, R, O>(
  request: FastifyRequest,
  reply: FastifyReply,
  p: ChannelPayment<Key, R, O>,
): Promise<PaymentAnswer<O>> {
  const provider = p.gateways.get(p.channel);
  if (provider) {
    return withIdempotentSteps(p.db, request, reply, {
      outside: () => prepareGatewayPayment(p.db, p.ctx, p.payable, p.key, provider, p.returnUrl, p.now()),
      inside: async (tx, prepared) =>
        ok(await recordGatewayPayment(tx, p.ctx, p.payable, p.key, provider, prepared, p.now())),
    });
  }
  if (p.channel !== 'balance') throw new AppError('PAYMENT_CHANNEL_UNAVAILABLE');
  // The answer is stored before the posting where the kind allows it (`beforePosting`): the
  // posting's wallet lock then lasts for the posting and the commit alone.
  return withIdempotency(p.db, request, reply, (tx, storeAnswer) =>
    payWithBalanceAnswering(
      tx,
      p.ctx,
      p.payable,
      p.key,
      p.now(),
      async (paid) => ok({ status: 'paid' as const, order: await p.present(tx, paid) }),
      storeAnswer,
    ),
  );
}

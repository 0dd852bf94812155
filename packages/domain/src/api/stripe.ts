import { z } from 'zod';
import { defineRoute } from './contract';
import { NOTIFY_RESULTS } from './payments';

/** Stripe's webhook (only when STRIPE_SECRET_KEY is set): called by Stripe, not by users. */

const tags = ['payments'];

/**
 * A Stripe event as its webhook posts it (the fields the portal reads; Stripe adds others). The
 * signature covers the raw body: the route checks it on the bytes received, before reading this.
 */
export const StripeEvent = z.looseObject({
  id: z.string().min(1).max(255),
  object: z.literal('event'),
  type: z.string().min(1).max(255),
  created: z.number().int(),
  data: z.looseObject({ object: z.looseObject({}) }),
});

export const StripeWebhookAnswer = z.object({
  received: z.literal(true),
  /** What the event did: `ignored` for an event the portal does not act on. */
  result: z.enum(NOTIFY_RESULTS),
});

export const stripeWebhook = defineRoute({
  method: 'POST',
  path: '/order/v2/payments/stripe/webhook',
  operationId: 'stripeWebhook',
  summary: "Receive Stripe's webhook events",
  description:
    "Called by Stripe, not by users: a Checkout Session's events (completed, async payment succeeded or failed, " +
    'expired), verified with the `Stripe-Signature` header and STRIPE_WEBHOOK_SECRET on the raw body. A paid ' +
    'session pays its order through the same path as every provider; money the order can no longer take is ' +
    'refunded. A bad signature is refused with 400 600012 and changes nothing; a repeated event changes nothing twice.',
  tags,
  body: StripeEvent,
  response: StripeWebhookAnswer,
});

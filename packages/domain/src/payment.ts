import { z } from 'zod';
import { isSafeRedirect, MAX_REDIRECT_LENGTH } from './navigation';

/** Payment channels of spec §3 (enumeration values as the spec writes them). */
export const PAYMENT_CHANNELS = [
  'alipay',
  'balance',
  'wechat-pay',
  'yeepay-alipay',
  'yeepay-credit-card',
  'yeepay-debit-card',
  'yeepay-wechat',
  'airwallex',
  'stripe',
  'abapay',
] as const;
export type PaymentChannel = (typeof PAYMENT_CHANNELS)[number];

/** How a channel completes: at once from the wallet, by redirect to a hosted page, or by QR code. */
export type PaymentFlow = 'balance' | 'redirect' | 'qr';

/**
 * The payment options of spec §9, in the spec's order, with how each completes. These are what
 * `GET /order/v2/flight/config/payment` may offer; the other channels of §3 (wechat-pay, abapay)
 * are known values for records and transaction rows but not offered for flight orders.
 */
export const PAYMENT_OPTIONS = [
  { channel: 'balance', flow: 'balance', labelKey: 'payment.channel.balance' },
  { channel: 'yeepay-alipay', flow: 'qr', labelKey: 'payment.channel.yeepayAlipay' },
  { channel: 'yeepay-credit-card', flow: 'redirect', labelKey: 'payment.channel.yeepayCreditCard' },
  { channel: 'yeepay-debit-card', flow: 'redirect', labelKey: 'payment.channel.yeepayDebitCard' },
  { channel: 'yeepay-wechat', flow: 'qr', labelKey: 'payment.channel.yeepayWechat' },
  { channel: 'airwallex', flow: 'redirect', labelKey: 'payment.channel.airwallex' },
  { channel: 'stripe', flow: 'redirect', labelKey: 'payment.channel.stripe' },
  { channel: 'alipay', flow: 'redirect', labelKey: 'payment.channel.alipay' },
] as const satisfies readonly { channel: PaymentChannel; flow: PaymentFlow; labelKey: string }[];

export type PaymentOptionChannel = (typeof PAYMENT_OPTIONS)[number]['channel'];

/** The options an agency may use: none when its payment is disabled (spec §6). */
export function paymentOptionsFor(agency: { disablePayment: boolean }): typeof PAYMENT_OPTIONS | readonly [] {
  return agency.disablePayment ? [] : PAYMENT_OPTIONS;
}

/** One entry of `GET /order/v2/flight/config/payment`. */
export const PaymentConfigItem = z.object({
  channel: z.enum(PAYMENT_CHANNELS),
  flow: z.enum(['balance', 'redirect', 'qr']),
  labelKey: z.string(),
  /** Surcharge of the channel in percent of the amount (credit card fee); 0 for none. */
  feePercent: z.number().min(0).max(100),
});
export type PaymentConfigItem = z.infer<typeof PaymentConfigItem>;

/** `data` of `GET /order/v2/flight/config/payment`: the channels the agency may use. */
export const PaymentConfig = z.array(PaymentConfigItem);
export type PaymentConfig = z.infer<typeof PaymentConfig>;

/** `POST /order/v2/flight/orders/{id}/payment` (with an `Idempotency-Key`). */
export const PaymentRequest = z.strictObject({
  channel: z.enum(PAYMENT_CHANNELS),
  /** Where an outside channel sends the user back: an in-app path only (`isSafeRedirect`). */
  returnUrl: z
    .string()
    .max(MAX_REDIRECT_LENGTH)
    .refine(isSafeRedirect, { message: 'must be a path of this site' })
    .optional(),
});
export type PaymentRequest = z.infer<typeof PaymentRequest>;

/** An outside-channel payment under way: the UI redirects or shows the QR code until `expiresAt`. */
export const PaymentPending = z.object({
  status: z.literal('pending'),
  paymentId: z.string(),
  redirectUrl: z.string().optional(),
  /** The content to render as a QR code. */
  qrCode: z.string().optional(),
  /** ISO timestamp; after it the payment times out. */
  expiresAt: z.string(),
});
export type PaymentPending = z.infer<typeof PaymentPending>;

/** The states of an outside-channel payment (`rejected`: captured for an order that could not take it). */
export const PAYMENT_STATUSES = ['pending', 'paid', 'failed', 'expired', 'rejected'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** `data` of `GET /order/v2/flight/payments/{id}`: the paying user's view of a started payment. */
export const PaymentStatusView = z.object({
  paymentId: z.string(),
  /** `expired` once past `expiresAt` while still pending. */
  status: z.enum(PAYMENT_STATUSES),
  expiresAt: z.string(),
  orderId: z.string(),
});
export type PaymentStatusView = z.infer<typeof PaymentStatusView>;

/**
 * The typed result of a payment for an order schema: `paid` with the order as it now is (balance,
 * or an outside channel already confirmed), or `pending`. Generic so train orders reuse it.
 */
export function paymentResultSchema<O extends z.ZodType>(order: O) {
  return z.discriminatedUnion('status', [z.object({ status: z.literal('paid'), order }), PaymentPending]);
}
export type PaymentResult<O> = { status: 'paid'; order: O } | PaymentPending;

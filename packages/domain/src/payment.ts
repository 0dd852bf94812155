import { z } from 'zod';
import { CHANNEL_OPTIONS, PAYMENT_CHANNELS, type PaymentChannel, type PaymentFlow } from './payment-channels';
import { companyAllows } from './company-restrictions';
import { isSafeRedirect, MAX_REDIRECT_LENGTH } from './navigation';
import { MoneyJson } from './shopping';

export { CHANNEL_OPTIONS, PAYMENT_CHANNELS, type PaymentChannel, type PaymentFlow };

/** A channel with its flow and label. */
export interface PaymentOption {
  channel: PaymentChannel;
  flow: PaymentFlow;
  labelKey: string;
}

const option = (channel: PaymentChannel): PaymentOption => ({ channel, ...CHANNEL_OPTIONS[channel] });

/**
 * The payment options of spec §9, in the spec's order: what an agency offers unless its settings
 * name its channels (`paymentChannels`). wechat-pay and abapay (spec §3) are offered only to an
 * agency that names them.
 */
export const DEFAULT_PAYMENT_CHANNELS = [
  'balance',
  'yeepay-alipay',
  'yeepay-credit-card',
  'yeepay-debit-card',
  'yeepay-wechat',
  'airwallex',
  'stripe',
  'alipay',
] as const satisfies readonly PaymentChannel[];

/** The default options (spec §9), each with its flow and label. */
export const PAYMENT_OPTIONS: readonly PaymentOption[] = DEFAULT_PAYMENT_CHANNELS.map(option);

/**
 * The options an agency may use: none when its payment is disabled (spec §6), else the channels
 * its settings name (each once, in their order), or the spec's default options.
 */
export function paymentOptionsFor(agency: {
  disablePayment: boolean;
  paymentChannels?: readonly PaymentChannel[] | null;
}): readonly PaymentOption[] {
  if (!companyAllows(agency, 'pay')) return [];
  if (!agency.paymentChannels) return PAYMENT_OPTIONS;
  return [...new Set(agency.paymentChannels)].filter((c) => c in CHANNEL_OPTIONS).map(option);
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
  channel: z.enum(PAYMENT_CHANNELS),
  /** What the payer is asked for, with the currency's minor digits. */
  amount: MoneyJson,
  /** Hosted checkout: where to send the browser. */
  redirectUrl: z.string().optional(),
  /**
   * QR channels: the content to render as a QR code. A path of this site (the simulated
   * wallets of the demo) is the payment page a phone opens on scanning.
   */
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

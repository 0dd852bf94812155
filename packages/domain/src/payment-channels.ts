/**
 * Payment channels of spec §3 (enumeration values as the spec writes them), without zod: the
 * wallet lists' filters read them, and `payment.ts` (which re-exports them) holds schemas.
 */
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

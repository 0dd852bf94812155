/**
 * Payment channels of spec §3 (enumeration values as the spec writes them) with how each completes,
 * without zod: the wallet lists' filters and the group order's instalments read them, and
 * `payment.ts` (which re-exports them) holds schemas.
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

/** How a channel completes: at once from the wallet, by redirect to a hosted page, or by QR code. */
export type PaymentFlow = 'balance' | 'redirect' | 'qr';

/**
 * How each channel of spec §3 completes, and its label. QR code: the payer scans with a wallet
 * app (alipay, wechat-pay, the yeepay wallets); redirect: a hosted checkout page (stripe,
 * airwallex, the yeepay cards, abapay).
 */
export const CHANNEL_OPTIONS = {
  balance: { flow: 'balance', labelKey: 'payment.channel.balance' },
  'yeepay-alipay': { flow: 'qr', labelKey: 'payment.channel.yeepayAlipay' },
  'yeepay-credit-card': { flow: 'redirect', labelKey: 'payment.channel.yeepayCreditCard' },
  'yeepay-debit-card': { flow: 'redirect', labelKey: 'payment.channel.yeepayDebitCard' },
  'yeepay-wechat': { flow: 'qr', labelKey: 'payment.channel.yeepayWechat' },
  airwallex: { flow: 'redirect', labelKey: 'payment.channel.airwallex' },
  stripe: { flow: 'redirect', labelKey: 'payment.channel.stripe' },
  alipay: { flow: 'qr', labelKey: 'payment.channel.alipay' },
  'wechat-pay': { flow: 'qr', labelKey: 'payment.channel.wechatPay' },
  abapay: { flow: 'redirect', labelKey: 'payment.channel.abapay' },
} as const satisfies Record<PaymentChannel, { flow: PaymentFlow; labelKey: string }>;

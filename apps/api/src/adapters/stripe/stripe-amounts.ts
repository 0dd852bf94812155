import { minorDigits } from '@portal/domain/currency-conversion';

/**
 * Amounts between the portal's minor units (`minorDigits` of packages/domain: 0 for JPY and KRW,
 * 2 for the others) and Stripe's, as Stripe's "Supported currencies" page defines them: integers
 * in the currency's smallest unit, with its own zero-decimal and three-decimal lists and special
 * cases. A currency Stripe does not take, or an amount it cannot represent, is refused, never
 * rounded.
 */

/** Stripe's presentment currencies (lower case, as its API writes them). */
const STRIPE_CURRENCIES: ReadonlySet<string> = new Set(
  (
    'usd aed afn all amd ang aoa ars aud awg azn bam bbd bdt bgn bhd bif bmd bnd bob brl bsd bwp ' +
    'byn bzd cad cdf chf clp cny cop crc cve czk djf dkk dop dzd egp etb eur fjd fkp gbp gel gip ' +
    'gmd gnf gtq gyd hkd hnl htg huf idr ils inr isk jmd jod jpy kes kgs khr kmf krw kwd kyd kzt ' +
    'lak lbp lkr lrd lsl mad mdl mga mkd mmk mnt mop mur mvr mwk mxn myr mzn nad ngn nio nok npr ' +
    'nzd omr pab pen pgk php pkr pln pyg qar ron rsd rub rwf sar sbd scr sek sgd shp sle sos srd ' +
    'std szl thb tjs tnd top try ttd twd tzs uah ugx uyu uzs vnd vuv wst xaf xcd xof xpf yer zar zmw'
  ).split(' '),
);

/** Stripe's zero-decimal currencies: an amount of 500 JPY is `500`. */
const ZERO_DECIMAL: ReadonlySet<string> = new Set(
  'bif clp djf gnf jpy kmf krw mga pyg rwf ugx vnd vuv xaf xof xpf'.split(' '),
);

/** Three decimals: 5.124 KWD is `5124`, and Stripe asks the last digit to be 0 (whole tens). */
const THREE_DECIMAL: ReadonlySet<string> = new Set('bhd jod kwd omr tnd'.split(' '));

/**
 * Two decimals in the API though the currency has no minor unit in use: Stripe keeps ISK
 * two-decimal for backwards compatibility and asks the decimals to be 00 (whole krónur). HUF and
 * TWD are charged with two decimals (only their payouts are whole units: not the portal's concern).
 */
const WHOLE_UNITS_ONLY: ReadonlySet<string> = new Set(['isk']);

/** How Stripe writes one currency's amounts, or undefined when Stripe does not take it. */
export interface StripeCurrency {
  /** Stripe's code (lower case). */
  code: string;
  /** Digits after the decimal point in Stripe's integer amounts. */
  digits: number;
  /** Stripe's amounts must be a multiple of this (10 for three-decimal currencies, 100 for ISK). */
  step: number;
}

export function stripeCurrency(currency: string): StripeCurrency | undefined {
  const code = currency.toLowerCase();
  if (!STRIPE_CURRENCIES.has(code)) return undefined;
  if (ZERO_DECIMAL.has(code)) return { code, digits: 0, step: 1 };
  if (THREE_DECIMAL.has(code)) return { code, digits: 3, step: 10 };
  return { code, digits: 2, step: WHOLE_UNITS_ONLY.has(code) ? 100 : 1 };
}

/** Why an amount cannot be sent to Stripe. */
export class StripeAmountError extends Error {
  constructor(
    readonly currency: string,
    readonly reason: 'unsupported_currency' | 'not_representable' | 'not_positive',
  ) {
    super(`${currency}: ${reason.replaceAll('_', ' ')} for Stripe`);
    this.name = 'StripeAmountError';
  }
}

const pow10 = (n: number) => 10 ** n;

/** The portal's `amountMinor` of `currency` as Stripe's `{amount, currency}`; throws StripeAmountError. */
export function toStripeAmount(amountMinor: number, currency: string): { amount: number; currency: string } {
  const stripe = stripeCurrency(currency);
  if (!stripe) throw new StripeAmountError(currency, 'unsupported_currency');
  if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0) {
    throw new StripeAmountError(currency, 'not_positive');
  }
  const portal = minorDigits(currency);
  let amount: number;
  if (stripe.digits >= portal) {
    amount = amountMinor * pow10(stripe.digits - portal);
  } else {
    const divisor = pow10(portal - stripe.digits);
    if (amountMinor % divisor !== 0) throw new StripeAmountError(currency, 'not_representable');
    amount = amountMinor / divisor;
  }
  if (!Number.isSafeInteger(amount) || amount % stripe.step !== 0) {
    throw new StripeAmountError(currency, 'not_representable');
  }
  return { amount, currency: stripe.code };
}

/** Stripe's `amount` of `stripeCode` in the portal's minor units and upper-case code; throws StripeAmountError. */
export function fromStripeAmount(
  amount: number,
  stripeCode: string,
): { amountMinor: number; currency: string } {
  const currency = stripeCode.toUpperCase();
  const stripe = stripeCurrency(currency);
  if (!stripe) throw new StripeAmountError(currency, 'unsupported_currency');
  if (!Number.isSafeInteger(amount) || amount < 0) throw new StripeAmountError(currency, 'not_representable');
  const portal = minorDigits(currency);
  if (portal >= stripe.digits) return { amountMinor: amount * pow10(portal - stripe.digits), currency };
  const divisor = pow10(stripe.digits - portal);
  if (amount % divisor !== 0) throw new StripeAmountError(currency, 'not_representable');
  return { amountMinor: amount / divisor, currency };
}

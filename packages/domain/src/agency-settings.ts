import { z } from 'zod';
import { ADJUSTMENT_CATEGORIES, DEFAULT_FLIGHT_SETTINGS, FlightSettings } from './agency-config';
import { CURRENCIES, type Currency, DEFAULT_CURRENCY, isCurrency } from './currency';
import { MAX_REQUEST_AMOUNT } from './limits';
import { DEFAULT_LOCALE, LOCALES, type Locale, isLocale } from './locale';
import { applyAdjustmentChain, type Adjustment } from './markup';
import { fromMinor, minorDigits } from './currency-conversion';
import { MoneyJson } from './shopping';

/** Largest credit-alert threshold, in minor units (kept a safe integer with room for sums). */
export const MAX_CREDIT_ALERT_THRESHOLD = 1_000_000_000_000;

/** The common settings of spec §3 agency config, under the names `common_config` stores them. */
export const CommonSettings = z.strictObject({
  canCreateSubAgency: z.boolean(),
  emailLanguage: z.enum(LOCALES),
  settlementCurrency: z.enum(CURRENCIES),
  isShowBill: z.boolean(),
  sendEmailToSubAgency: z.boolean(),
  hidePnrBooking: z.boolean(),
  hideMainlandChinaContent: z.boolean(),
  disablePayment: z.boolean(),
  onlyShowOwnOrders: z.boolean(),
  showInvoiceTypeInExcel: z.boolean(),
  enableFlightService: z.boolean(),
  enableTrainService: z.boolean(),
  /** Available balance below which a credit alert goes out, in minor units; null = no alert. */
  creditAlertThreshold: z.number().int().min(0).max(MAX_CREDIT_ALERT_THRESHOLD).nullable(),
});
export type CommonSettings = z.infer<typeof CommonSettings>;

/** Train settings of spec §3: where train order events are posted, and manual handling. */
export const TrainSettings = z.strictObject({
  notificationUrl: z.string().url().max(2000).nullable(),
  manual: z.boolean(),
});
export type TrainSettings = z.infer<typeof TrainSettings>;

export const CREDIT_PERIOD_UNITS = ['day', 'week', 'month', 'year'] as const;
export type CreditPeriodUnit = (typeof CREDIT_PERIOD_UNITS)[number];

/** Credit period of spec §3: how long a sub-agency has to settle what it used on credit. */
export const CreditPeriod = z.strictObject({
  unit: z.enum(CREDIT_PERIOD_UNITS),
  value: z.number().int().min(1).max(999),
});
export type CreditPeriod = z.infer<typeof CreditPeriod>;

/**
 * Every setting of one agency (GET and PUT `/base/v2/agencies/{id}/config`). The price adjustments
 * per flight category are `flight.priceAdjustments` (limit 0 = unlimited).
 */
export const AgencySettings = z.strictObject({
  common: CommonSettings,
  flight: FlightSettings,
  train: TrainSettings,
  creditPeriod: CreditPeriod,
});
export type AgencySettings = z.infer<typeof AgencySettings>;

export const DEFAULT_TRAIN_SETTINGS: TrainSettings = { notificationUrl: null, manual: false };
export const DEFAULT_CREDIT_PERIOD: CreditPeriod = { unit: 'month', value: 1 };

/** What `common_config` may hold (older rows lack the newer keys; unknown keys are kept). */
export interface StoredCommonConfig {
  enableFlightService?: boolean;
  enableTrainService?: boolean;
  isShowBill?: boolean;
  canCreateSubAgency?: boolean;
  settlementCurrency?: string;
  emailLanguage?: string;
  sendEmailToSubAgency?: boolean;
  hidePnrBooking?: boolean;
  hideMainlandChinaContent?: boolean;
  disablePayment?: boolean;
  onlyShowOwnOrders?: boolean;
  showInvoiceTypeInExcel?: boolean;
  creditAlertThreshold?: number | null;
  trainSettings?: unknown;
  creditPeriod?: unknown;
}

const flag = (value: unknown): boolean => value === true;

/** The settings an agency row stands for, each missing or unreadable value at its default. */
export function settingsFromStored(common: StoredCommonConfig, flight: unknown): AgencySettings {
  const threshold = common.creditAlertThreshold;
  const train = TrainSettings.safeParse(common.trainSettings);
  const period = CreditPeriod.safeParse(common.creditPeriod);
  const flightParsed = FlightSettings.safeParse(flight);
  const currency: Currency = isCurrency(common.settlementCurrency)
    ? common.settlementCurrency
    : DEFAULT_CURRENCY;
  const language: Locale = isLocale(common.emailLanguage) ? common.emailLanguage : DEFAULT_LOCALE;
  return {
    common: {
      canCreateSubAgency: flag(common.canCreateSubAgency),
      emailLanguage: language,
      settlementCurrency: currency,
      isShowBill: flag(common.isShowBill),
      sendEmailToSubAgency: flag(common.sendEmailToSubAgency),
      hidePnrBooking: flag(common.hidePnrBooking),
      hideMainlandChinaContent: flag(common.hideMainlandChinaContent),
      disablePayment: flag(common.disablePayment),
      onlyShowOwnOrders: flag(common.onlyShowOwnOrders),
      showInvoiceTypeInExcel: flag(common.showInvoiceTypeInExcel),
      enableFlightService: flag(common.enableFlightService),
      enableTrainService: flag(common.enableTrainService),
      creditAlertThreshold:
        typeof threshold === 'number' && Number.isSafeInteger(threshold) && threshold >= 0 ? threshold : null,
    },
    flight: flightParsed.success ? flightParsed.data : DEFAULT_FLIGHT_SETTINGS,
    train: train.success ? train.data : DEFAULT_TRAIN_SETTINGS,
    creditPeriod: period.success ? period.data : DEFAULT_CREDIT_PERIOD,
  };
}

/**
 * The `common_config` to store for saved settings: the stored keys the settings do not name
 * (the webhook signing secret, payment channels) stay as they are.
 */
export function storedCommonFromSettings<T extends object>(
  stored: T,
  settings: AgencySettings,
): T & CommonSettings & { trainSettings: TrainSettings; creditPeriod: CreditPeriod } {
  return {
    ...stored,
    ...settings.common,
    trainSettings: settings.train,
    creditPeriod: settings.creditPeriod,
  };
}

/**
 * The largest net amount the price chain takes, in minor units: the most one request may move
 * (`MAX_REQUEST_AMOUNT`) in a two-digit currency, so that the adjustments keep it a safe integer.
 */
export const MAX_PRICE_CHAIN_MINOR = MAX_REQUEST_AMOUNT * 100;

/** `GET /base/v2/agencies/{id}/price-chain` query: a supplier net amount in minor units. */
export const PriceChainQuery = z.strictObject({
  category: z.enum(ADJUSTMENT_CATEGORIES),
  amount: z.coerce.number().int().min(0).max(MAX_PRICE_CHAIN_MINOR),
  currency: z.enum(CURRENCIES),
});
export type PriceChainQuery = z.infer<typeof PriceChainQuery>;

/** One level of the chain: the agency, its adjustment for the category (null = none) and its effect. */
export const PriceChainLevel = z.object({
  agencyId: z.number().int(),
  agencyName: z.string(),
  proxyLevel: z.number().int().min(0),
  adjustment: z
    .object({ unit: z.enum(['percent', 'fixed']), value: z.number(), limit: z.number().int().min(0) })
    .nullable(),
  /** What this level added (negative: took off). */
  added: MoneyJson,
  /** The price this level sells at (the next level's buying price). */
  price: MoneyJson,
});
export type PriceChainLevel = z.infer<typeof PriceChainLevel>;

/** The effective price chain: supplier net, then each level from the top agency down, then the sale price. */
export const PriceChain = z.object({
  category: z.enum(ADJUSTMENT_CATEGORIES),
  net: MoneyJson,
  levels: z.array(PriceChainLevel),
  sale: MoneyJson,
});
export type PriceChain = z.infer<typeof PriceChain>;

/** A level of the chain as input: its agency and its adjustment for the category, if any. */
export interface ChainLevelInput {
  agencyId: number;
  agencyName: string;
  proxyLevel: number;
  adjustment: Adjustment | null;
}

/**
 * The price chain of a net amount through the levels (top agency first), with the same arithmetic
 * as shopping's sale prices (`applyAdjustmentChain`): a level without an adjustment adds nothing.
 */
export function priceChain(
  category: PriceChainQuery['category'],
  netMinor: number,
  currency: Currency,
  levels: readonly ChainLevelInput[],
): PriceChain {
  const digits = minorDigits(currency);
  const money = (minor: number): MoneyJson => ({ amount: fromMinor(minor, digits), currency });
  const adjustments = levels.flatMap((l) => (l.adjustment ? [l.adjustment] : []));
  const { total, steps } = applyAdjustmentChain(netMinor, adjustments);
  let price = netMinor;
  let step = 0;
  const out = levels.map((level) => {
    const added = level.adjustment ? (steps[step++] ?? 0) : 0;
    price += added;
    return {
      agencyId: level.agencyId,
      agencyName: level.agencyName,
      proxyLevel: level.proxyLevel,
      adjustment: level.adjustment
        ? { unit: level.adjustment.unit, value: level.adjustment.value, limit: level.adjustment.limit }
        : null,
      added: money(added),
      price: money(price),
    };
  });
  return { category, net: money(netMinor), levels: out, sale: money(total) };
}

import { DEFAULT_FLIGHT_SETTINGS, FlightSettings } from '@portal/domain/agency-config';
import { parseDecimal } from '@portal/domain/currency-conversion';
import type { Db } from '../../../platform/db';
import { findAgencyById } from '../../agencies/index';
import { rateFromCny } from '../../exchange-rates/index';
import { minorDigits } from '@portal/domain/currency-conversion';

/**
 * Converts `amountMinor` of `from` into `to` through their rates from CNY (units of the currency
 * per 1 CNY), exactly, rounded up to the target's minor unit (spec §9: converted by rate, rounding
 * up). Non-negative amounts only.
 */
export function convertBetween(
  amountMinor: number,
  from: { currency: string; rateFromCny: string },
  to: { currency: string; rateFromCny: string },
): number {
  if (from.currency === to.currency || amountMinor === 0) return amountMinor;
  const rFrom = parseDecimal(from.rateFromCny);
  const rTo = parseDecimal(to.rateFromCny);
  if (!rFrom || !rTo || rFrom.units <= 0n || rTo.units <= 0n) throw new RangeError('bad exchange rate');
  // amount / 10^dFrom / rFrom * rTo * 10^dTo, with each rate a units / 10^scale decimal.
  const numerator = BigInt(amountMinor) * rTo.units * 10n ** BigInt(minorDigits(to.currency) + rFrom.scale);
  const denominator = rFrom.units * 10n ** BigInt(minorDigits(from.currency) + rTo.scale);
  return Number((numerator + denominator - 1n) / denominator);
}

export type ServiceFeeKind = keyof FlightSettings['serviceFees'];

/**
 * The agency's change, refund or void service fee (flight settings, minor units of its
 * settlement currency) in the order's currency, converted by rate and rounded up.
 */
export async function serviceFeeFor(
  db: Db,
  agencyId: number,
  kind: ServiceFeeKind,
  orderCurrency: string,
): Promise<number> {
  const agency = await findAgencyById(db, agencyId);
  if (!agency) return 0;
  const parsed = FlightSettings.safeParse(agency.flightSettings);
  const fees = parsed.success ? parsed.data.serviceFees : DEFAULT_FLIGHT_SETTINGS.serviceFees;
  const fee = fees[kind];
  if (fee <= 0) return 0;
  const settlement = agency.commonConfig.settlementCurrency;
  if (settlement === orderCurrency) return fee;
  return convertBetween(
    fee,
    { currency: settlement, rateFromCny: await rateFromCny(db, settlement) },
    { currency: orderCurrency, rateFromCny: await rateFromCny(db, orderCurrency) },
  );
}

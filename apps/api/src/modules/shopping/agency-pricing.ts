import {
  type FlightSettings,
  DEFAULT_FLIGHT_SETTINGS,
  FlightSettings as FlightSettingsSchema,
} from '@portal/domain/agency-config';
import { flightCategory, type FlightCategory } from '@portal/domain/flight-category';
import type { ChainLevelInput } from '@portal/domain/agency-settings';
import type { Adjustment } from '@portal/domain/markup';
import { getAirport } from '@portal/reference-data/airports';
import type { Db } from '../../platform/db';
import type { AgencyRow } from '../agencies/index';
import { findAgencyById, supplierInList, suppliersAllowedFor } from '../agencies/index';
import { POPULAR_ROUTE_MIN_FREQUENCY, routeFrequency } from '../../platform/air-routes';
import type { Offer } from './suppliers/supplier';

/** The pricing view of an agency: its own settings and the adjustments of its chain, parent first. */
export interface AgencyPricing {
  agencyId: number;
  settings: FlightSettings;
  /** Flight settings of the chain from the top-level agency down to this one. */
  chain: FlightSettings[];
  /** The agencies of `chain`, in the same order. */
  agencies: { id: number; name: string; proxyLevel: number }[];
  /** Spec §3 'Hide mainland China content': flights within mainland China are left out. */
  hideMainlandChina: boolean;
  /** The flight suppliers the platform lets the top-level agency's tree use; null: all. */
  platformSuppliers: string[] | null;
}

function settingsOf(row: AgencyRow): FlightSettings {
  const parsed = FlightSettingsSchema.safeParse(row.flightSettings);
  return parsed.success ? parsed.data : DEFAULT_FLIGHT_SETTINGS;
}

/** Loads the agency's chain (at most 10 levels up; a loop stops the walk). */
export async function loadAgencyPricing(db: Db, agency: AgencyRow): Promise<AgencyPricing> {
  const chain: AgencyRow[] = [agency];
  const seen = new Set([agency.id]);
  let parentId = agency.parentId;
  while (parentId !== null && !seen.has(parentId) && chain.length < 10) {
    const parent = await findAgencyById(db, parentId);
    if (!parent) break;
    chain.unshift(parent);
    seen.add(parent.id);
    parentId = parent.parentId;
  }
  return {
    agencyId: agency.id,
    settings: settingsOf(agency),
    chain: chain.map(settingsOf),
    agencies: chain.map((a) => ({ id: a.id, name: a.name, proxyLevel: a.proxyLevel })),
    hideMainlandChina: agency.commonConfig.hideMainlandChinaContent === true,
    platformSuppliers: (await suppliersAllowedFor(db, agency.id)).flight,
  };
}

/** Spec §3 flight category of an offer from the countries (and continents) of all its airports. */
export function categoryOf(offer: Offer): FlightCategory {
  const points = offer.legs
    .flatMap((l) => l.segments.flatMap((s) => [s.origin, s.destination]))
    .map((code) => ({ countryCode: getAirport(code)?.countryCode ?? 'ZZ' }));
  return flightCategory(points);
}

/** Each level of the chain, parent first, with its adjustment for a category (null = none). */
export function chainLevelsFor(pricing: AgencyPricing, category: FlightCategory): ChainLevelInput[] {
  return pricing.chain.map((settings, i) => {
    const found = settings.priceAdjustments.find((a) => a.category === category);
    const agency = pricing.agencies[i];
    return {
      agencyId: agency?.id ?? 0,
      agencyName: agency?.name ?? '',
      proxyLevel: agency?.proxyLevel ?? i,
      adjustment: found ? { unit: found.unit, value: found.value, limit: found.limit } : null,
    };
  });
}

/** The adjustments for a category down the chain, parent first (one per agency at most). */
export function adjustmentsFor(pricing: AgencyPricing, category: FlightCategory): Adjustment[] {
  return chainLevelsFor(pricing, category).flatMap((level) => (level.adjustment ? [level.adjustment] : []));
}

/** Whether the agency's supplier filter lets this supplier answer. */
export function supplierAllowed(settings: FlightSettings, supplier: string): boolean {
  const { mode, suppliers } = settings.filter;
  if (mode === 'none' || suppliers.length === 0) return true;
  return mode === 'whitelist' ? suppliers.includes(supplier) : !suppliers.includes(supplier);
}

/**
 * Whether a flight supplier may be asked for this agency: the platform allows it to the agency's
 * top-level agency, and the agency's own supplier filter lets it answer.
 */
export function supplierUsable(pricing: AgencyPricing, supplier: string, optIn = false): boolean {
  return (
    supplierInList(pricing.platformSuppliers, supplier, optIn) && supplierAllowed(pricing.settings, supplier)
  );
}

/** Whether the agency's users may see an offer: its flight filters, and no mainland China flight when hidden. */
export function offerVisible(pricing: AgencyPricing, offer: Offer): boolean {
  if (pricing.hideMainlandChina && categoryOf(offer) === 'china') return false;
  return offerAllowed(pricing.settings, offer);
}

/** The agency's offer filters: airline whitelist/blacklist, only free baggage, only with fare basis. */
export function offerAllowed(settings: FlightSettings, offer: Offer): boolean {
  const { mode, airlines } = settings.filter;
  const carriers = new Set([
    offer.validatingCarrier,
    ...offer.legs.flatMap((l) => l.segments.map((s) => s.carrier)),
  ]);
  if (mode !== 'none' && airlines.length > 0) {
    const listed = [...carriers].some((c) => airlines.includes(c));
    if (mode === 'whitelist' ? !listed : listed) return false;
  }
  if (settings.onlyFreeBaggage) {
    const adult = offer.baggage.find((b) => b.passengerType === 'adult');
    if (!adult || adult.checked.pieces < 1) return false;
  }
  if (settings.searchMode === 'popular') {
    const segments = offer.legs.flatMap((l) => l.segments);
    if (segments.some((s) => routeFrequency(s.origin, s.destination) < POPULAR_ROUTE_MIN_FREQUENCY))
      return false;
  }
  if (settings.onlyWithFareBasis) {
    if (offer.legs.some((l) => l.segments.some((s) => s.fareBasis === null))) return false;
  }
  return true;
}

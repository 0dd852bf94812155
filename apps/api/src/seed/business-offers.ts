import type { Solution } from '@portal/domain/shopping';
import type { Db } from '../platform/db';
import { findAgencyById, type AgencyRow } from '../modules/agencies/index';
import type { MarkupLeg } from '@portal/domain/wallet-markup';
import { markupLegsOf } from '@portal/domain/wallet-markup';
import { chainLevelsFor, loadAgencyPricing, type Offer } from '../modules/shopping/index';
import { toMinor } from '../modules/wallet/index';
import type { AgencyPricing } from '../modules/shopping/agency-pricing';
import { priceOffer } from '../modules/shopping/store-offers';
import { createSimGds } from '../simulation/flight/sim-gds';
import { createSimLcc } from '../simulation/flight/sim-lcc';
import { createSimNdc } from '../simulation/flight/sim-ndc';
import type { SimulatedSupplier } from '../simulation/flight/simulated-supplier';
import { hash32, type Random } from '../simulation/prng';

const DAY_MS = 86_400_000;

/** The routes a Chinese agency sells in a quarter, with how often (weights) and which suppliers fly them. */
export const DEMO_ROUTES: readonly { from: string; to: string; weight: number }[] = [
  { from: 'PEK', to: 'SHA', weight: 10 },
  { from: 'SHA', to: 'PEK', weight: 9 },
  { from: 'SZX', to: 'PEK', weight: 6 },
  { from: 'PVG', to: 'CAN', weight: 5 },
  { from: 'CTU', to: 'PVG', weight: 5 },
  { from: 'PEK', to: 'CTU', weight: 4 },
  { from: 'SHA', to: 'XMN', weight: 4 },
  { from: 'SZX', to: 'SHA', weight: 4 },
  { from: 'PEK', to: 'HKG', weight: 4 },
  { from: 'PVG', to: 'HKG', weight: 3 },
  { from: 'PVG', to: 'NRT', weight: 3 },
  { from: 'PVG', to: 'ICN', weight: 3 },
  { from: 'HKG', to: 'BKK', weight: 2 },
  { from: 'CAN', to: 'SIN', weight: 2 },
  { from: 'PEK', to: 'FRA', weight: 2 },
  { from: 'PVG', to: 'LHR', weight: 1 },
  { from: 'CAN', to: 'SYD', weight: 1 },
  { from: 'PEK', to: 'JFK', weight: 1 },
];

/** A route drawn by its weight. */
export function pickRoute(rng: Random): { from: string; to: string } {
  const total = DEMO_ROUTES.reduce((n, r) => n + r.weight, 0);
  let x = rng.next() * total;
  for (const r of DEMO_ROUTES) {
    x -= r.weight;
    if (x < 0) return r;
  }
  return DEMO_ROUTES[0] ?? { from: 'PEK', to: 'SHA' };
}

/** A local or UTC date-time text moved by whole days (same wall-clock time). */
function shiftText(text: string, days: number): string {
  const zoned = text.endsWith('Z');
  const at = new Date(zoned ? text : `${text}Z`).getTime() + days * DAY_MS;
  const iso = new Date(at).toISOString();
  return zoned ? iso : iso.slice(0, text.length);
}

/** The offer on the same flights `days` later (the simulated schedules fly every day). */
function shiftOffer(offer: Offer, days: number): Offer {
  return {
    ...offer,
    legs: offer.legs.map((leg) => ({
      segments: leg.segments.map((s) => ({
        ...s,
        departureLocal: shiftText(s.departureLocal, days),
        arrivalLocal: shiftText(s.arrivalLocal, days),
        departureUtc: shiftText(s.departureUtc, days),
        arrivalUtc: shiftText(s.arrivalUtc, days),
      })),
    })),
  };
}

/** A priced offer as a booking stores it. */
export interface PricedOffer {
  solution: Solution;
  offer: Offer;
  totalMinor: number;
  departureAt: Date;
}

/**
 * The simulated suppliers' real offers for the demo's history: each route is searched once (on
 * `templateDate`) and its offers are moved to the day a booking flies, so a quarter of orders costs
 * a few searches; priced for each agency through its price chain like a search.
 */
export class DemoOfferBook {
  private readonly suppliers: SimulatedSupplier[];
  private readonly offers = new Map<string, Offer[]>();
  private readonly pricing = new Map<number, AgencyPricing>();
  private readonly agencies = new Map<number, AgencyRow>();
  private readonly templateDay: number;

  constructor(
    readonly db: Db,
    private readonly now: Date,
  ) {
    const options = { latencyScale: 0, seed: 'demo-history', offers: 'in-thread' as const };
    this.suppliers = [createSimGds(options), createSimNdc(options), createSimLcc(options)];
    this.templateDay = Math.floor(now.getTime() / DAY_MS) + 30;
  }

  private template(route: { from: string; to: string }, adults: number, children: number): Offer[] {
    const key = `${route.from}-${route.to}-${adults}-${children}`;
    const known = this.offers.get(key);
    if (known) return known;
    const date = new Date(this.templateDay * DAY_MS).toISOString().slice(0, 10);
    // One supplier per route and party (each search takes a few ms): full-service content mostly.
    const first = hash32(key) % 10 < 6 ? 0 : hash32(key) % 10 < 9 ? 1 : 2;
    const order = [first, ...[0, 1, 2].filter((i) => i !== first)];
    let found: Offer[] = [];
    for (const i of order) {
      const supplier = this.suppliers[i];
      if (!supplier) continue;
      found = supplier
        .offersFor({
          legs: [{ origins: [route.from], destinations: [route.to], date }],
          passengers: { adult: adults, child: children, infant: 0 },
          cabin: 'economy',
        })
        .filter((o) => o.restrictions.minAge === null && o.restrictions.maxAge === null);
      if (found.length > 0) break;
    }
    this.offers.set(key, found);
    return found;
  }

  private async agency(agencyId: number): Promise<AgencyRow> {
    const known = this.agencies.get(agencyId);
    if (known) return known;
    const agency = await findAgencyById(this.db, agencyId);
    if (!agency) throw new Error(`demo agency ${agencyId} missing`);
    this.agencies.set(agencyId, agency);
    return agency;
  }

  async pricingOf(agencyId: number): Promise<AgencyPricing> {
    const known = this.pricing.get(agencyId);
    if (known) return known;
    const pricing = await loadAgencyPricing(this.db, await this.agency(agencyId));
    this.pricing.set(agencyId, pricing);
    return pricing;
  }

  /**
   * What each ancestor earns when the agency's order of `solution` is paid: `orderMarkupLegs` of a
   * booking, on the agency's price chain loaded once.
   */
  async markupLegs(agencyId: number, solution: Solution): Promise<MarkupLeg[]> {
    const agency = await this.agency(agencyId);
    if (agency.parentId === null || !solution.category) return [];
    const levels = chainLevelsFor(await this.pricingOf(agencyId), solution.category);
    const fares = solution.priceDetail.priceList.map((entry) => ({
      netFareMinor: toMinor(entry.price, 'CNY'),
      saleFareMinor:
        toMinor(entry.salePrice, 'CNY') -
        toMinor(entry.tax, 'CNY') -
        toMinor(entry.fuelSurcharge, 'CNY') -
        toMinor(entry.airportTax, 'CNY'),
      count: entry.count,
    }));
    return markupLegsOf(levels, fares) ?? [];
  }

  /** An offer of `route` for the passengers, flying on the UTC day of `day`, priced for the agency. */
  async offer(
    rng: Random,
    input: {
      agencyId: number;
      route: { from: string; to: string };
      day: Date;
      adults: number;
      children: number;
    },
  ): Promise<PricedOffer> {
    const offers = this.template(input.route, input.adults, input.children);
    const base = rng.pick(offers.length > 0 ? offers : this.template({ from: 'PEK', to: 'SHA' }, 1, 0));
    const days = Math.floor(input.day.getTime() / DAY_MS) - this.templateDay;
    const offer = shiftOffer(base, days);
    const priced = priceOffer(offer, `demo-${rng.int(1e8, 9e8).toString(36)}`, {
      searchId: 'demo-history',
      pricing: await this.pricingOf(input.agencyId),
      currency: 'CNY',
      rate: '1',
      expiresAt: new Date(this.now.getTime() - DAY_MS),
      now: this.now,
    });
    return {
      solution: priced.solution,
      offer,
      totalMinor: priced.totalMinor,
      departureAt: priced.departureAt,
    };
  }
}

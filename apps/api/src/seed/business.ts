import type { Db } from '../platform/db';
import { flightOrders, orderEvents, flightTickets } from '../modules/flight-orders/flight-orders.schema';
import type { FlightOrderRow } from '../modules/flight-orders/flight-orders.schema';
import { transfer } from '../modules/wallet/transfer';
import { seeded } from '../simulation/prng';
import { planAfterSales } from './business-after-sales';
import { planDisruptions, planNotices } from './business-disruptions';
import { DAY_MS, FlightHistory, HOUR_MS } from './business-context';
import { planOriginOrders } from './business-flights';
import { postInOrder, type Funding } from './business-ledger';
import { DemoOfferBook } from './business-offers';
import { seedGroups } from './business-groups';
import { seedPeople } from './business-people';
import { insertTrains, planTrains } from './business-trains';

/** How far back the demo's history starts: the opening balances, a quarter and a few days ago. */
export const HISTORY_DAYS = 92;

/** The sub-agency ends with what its demo users expect in its wallet (CNY 5,000, e2e tests pay against it). */
const SUB_AGENCY_CLOSING_MINOR = 500_000;

const FUNDINGS: Funding[] = [
  // The head office: CNY 50,000 opening (after funding its branch) and CNY 10,000 credit; tops up
  // CNY 100,000 at a time when its available amount would fall below CNY 30,000.
  { agencyId: 1, parentId: null, availableMinor: 6_000_000, floorMinor: 3_000_000, stepMinor: 10_000_000 },
  { agencyId: 2, parentId: 1, availableMinor: 500_000, floorMinor: 0, stepMinor: 500_000 },
  { agencyId: 3, parentId: null, availableMinor: 1_000_000, floorMinor: 200_000, stepMinor: 1_000_000 },
  { agencyId: 222, parentId: null, availableMinor: 2_000_000, floorMinor: 500_000, stepMinor: 2_000_000 },
];

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** The planned rows, written in a few statements; returns the inserted orders by id. */
async function insertFlights(tx: Db, h: FlightHistory): Promise<Map<string, FlightOrderRow>> {
  const rows = new Map<string, FlightOrderRow>();
  for (const part of chunks(h.orders, 200)) {
    for (const row of await tx.insert(flightOrders).values(part).returning()) rows.set(row.id, row);
  }
  const events = [...h.events].sort((a, b) => a.at.getTime() - b.at.getTime());
  for (const part of chunks(events, 2000)) await tx.insert(orderEvents).values(part);
  for (const part of chunks(h.tickets, 2000)) await tx.insert(flightTickets).values(part);
  return rows;
}

export interface BusinessSeedOptions {
  /** The instant the history ends at: every time of the seed is relative to it. */
  now: Date;
  /** The demo password's hash, for the users the business seed adds. */
  passwordHash: string;
}

/**
 * A quarter of the demo agencies' life, the same for the same `now`: the company profiles, the
 * sub-agency's super admin and staff, ~300 flight bookings in every status family with their
 * timelines, tickets, payments and after-sales orders (changes, refunds, voids), and the wallet
 * entries they made, posted in time order through the wallet's own functions (with the top-ups
 * and transfers that funded them). Runs in the caller's transaction, after the demo wallets.
 */
export async function seedBusiness(tx: Db, options: BusinessSeedOptions): Promise<void> {
  const { now } = options;
  const userIds = await seedPeople(tx, options.passwordHash);
  const h = new FlightHistory(seeded('tripbridge-demo-quarter'), now, new DemoOfferBook(tx, now), userIds);
  const issued = await planOriginOrders(h);
  planDisruptions(h, await planAfterSales(h, issued));
  const trains = await planTrains(h);
  planNotices(h);
  const inserted = await insertFlights(tx, h);
  await insertTrains(tx, trains);
  for (const step of h.afterInsert) await step(tx, inserted);
  await seedGroups(tx, h);
  const left = await postInOrder(tx, h.money, FUNDINGS);
  const sub = left.get(2) ?? 0;
  if (sub < SUB_AGENCY_CLOSING_MINOR) {
    await transfer(tx, {
      fromAgencyId: 1,
      toAgencyId: 2,
      currency: 'CNY',
      amountMinor: SUB_AGENCY_CLOSING_MINOR - sub,
      reference: 'DEMO-TRANSFER-CLOSING',
      postedAt: new Date(now.getTime() - 3 * HOUR_MS),
    });
  }
}

/** When the opening balances of a history ending at `now` were paid in. */
export const historyStart = (now: Date) => new Date(now.getTime() - HISTORY_DAYS * DAY_MS);

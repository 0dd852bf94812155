import {
  lookToBookRatio,
  type LookToBook,
  type LookToBookQuery,
  type SubAgencyBalance,
  type TicketingSettingsView,
} from '@portal/domain/sub-agencies';
import type { Db } from '../../platform/db';
import { money } from '../wallet/index';
import { agencyBalances } from '../wallet/index';
import { assertInTree } from './sub-agencies.policy';
import { daysOf } from './sub-statements';
import { lookToBookDays, subAgencyTree, type SubAgency } from './sub-agencies.repo';

/** The sub-agency `agencyId` of the caller's tree (`rootId`), else 404. */
export async function subAgencyOf(db: Db, rootId: number, agencyId: number): Promise<SubAgency> {
  return assertInTree(await subAgencyTree(db, rootId), agencyId);
}

/** `GET /base/v2/sub/balance/{id}`: the sub-agency's wallets per currency. */
export async function subAgencyBalance(db: Db, rootId: number, agencyId: number): Promise<SubAgencyBalance> {
  const agency = await subAgencyOf(db, rootId, agencyId);
  const settlement = agency.commonConfig.settlementCurrency;
  return {
    agencyId: agency.id,
    agencyName: agency.name,
    settlementCurrency: settlement,
    wallets: await agencyBalances(db, agency.id, settlement),
  };
}

/** The settings that shape what the agency's searches find and book, as the chart shows them. */
export function ticketingSettingsOf(agency: SubAgency): TicketingSettingsView {
  const f = agency.flightSettings;
  const currency = agency.commonConfig.settlementCurrency;
  return {
    searchMode: f.searchMode,
    maxResponseTimeMs: f.maxResponseTimeMs,
    onlyFreeBaggage: f.onlyFreeBaggage,
    onlyWithFareBasis: f.onlyWithFareBasis,
    showSuppliers: f.showSuppliers,
    filter: { mode: f.filter.mode, airlines: [...f.filter.airlines], suppliers: [...f.filter.suppliers] },
    serviceFees: {
      change: money(f.serviceFees.change, currency),
      refund: money(f.serviceFees.refund, currency),
      void: money(f.serviceFees.void, currency),
    },
    disablePayment: agency.commonConfig.disablePayment === true,
  };
}

/**
 * `GET /base/v2/sub/look-to-book`: the sub-agency's searches and bookings per UTC day of the
 * range (days without any included, as zeros), the ratio of each day and of the whole range,
 * and its ticketing settings.
 */
export async function subLookToBook(db: Db, rootId: number, query: LookToBookQuery): Promise<LookToBook> {
  const agency = await subAgencyOf(db, rootId, query.agencyId);
  const counted = new Map(
    (await lookToBookDays(db, agency.id, query.from, query.to)).map((row) => [row.day, row]),
  );
  const days = daysOf(query.from, query.to).map((day) => {
    const searches = counted.get(day)?.searches ?? 0;
    const bookings = counted.get(day)?.bookings ?? 0;
    return { day, searches, bookings, ratio: lookToBookRatio(searches, bookings) };
  });
  const searches = days.reduce((n, d) => n + d.searches, 0);
  const bookings = days.reduce((n, d) => n + d.bookings, 0);
  return {
    agencyId: agency.id,
    agencyName: agency.name,
    from: query.from,
    to: query.to,
    days,
    totals: { searches, bookings, ratio: lookToBookRatio(searches, bookings) },
    settings: ticketingSettingsOf(agency),
  };
}

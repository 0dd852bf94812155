import { z } from 'zod';
import { CURRENCIES } from './currency';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, pageOf } from './flight-order';
import { CalendarDate, CalendarMonth } from './primitives';
import { MoneyJson } from './shopping';
import { daysBetween, MAX_AGENCY_ID, MAX_SUB_RANGE_DAYS } from './sub-agency-ranges';
import { WalletBalance } from './wallet';

// The limits and helpers the statement and bills pages read, on their own without zod.
export * from './sub-agency-ranges';

/**
 * The money of an agency manager's sub-agencies (`/base/v2/sub/*`): statements per sub-agency and
 * period, one sub-agency's balance, its bills (wallet entries and transactions, see `wallet.ts`
 * for their queries and rows) and its look-to-book ratio per day.
 *
 * "A sub-agency of the caller" means any agency below the caller's agency in the tree (a child,
 * a grandchild, ...): the manager watches its whole network. Funding (top-up, credit limit) stays
 * limited to DIRECT sub-agencies (`wallet.ts`).
 */

/** An agency id in a path or query: a positive PostgreSQL integer (`parseAgencyId` without zod). */
export const AgencyId = z.coerce.number().int().positive().max(MAX_AGENCY_ID);

/** The first and last day (`YYYY-MM-DD`) of the month `YYYY-MM`. */
export function monthRange(month: string): { from: string; to: string } {
  const [year = 1900, m = 1] = month.split('-').map(Number);
  const last = new Date(Date.UTC(year, m, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, '0')}` };
}

/** A range of whole UTC days, both ends included, at most MAX_SUB_RANGE_DAYS long. */
const inRange = (q: { from?: string | undefined; to?: string | undefined }): boolean =>
  !q.from || !q.to || (q.from <= q.to && daysBetween(q.from, q.to) <= MAX_SUB_RANGE_DAYS);

const statementFilter = {
  /** One sub-agency only; absent = every sub-agency of the caller. */
  agencyId: AgencyId.optional(),
  /** A calendar month `YYYY-MM` (of each sub-agency's time zone) ... */
  period: CalendarMonth.optional(),
  /** ... or a range of days `YYYY-MM-DD` (each sub-agency's, both included); exactly one of the two. */
  from: CalendarDate.optional(),
  to: CalendarDate.optional(),
  currency: z.enum(CURRENCIES).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
};

type StatementFilter = {
  period?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
};

/** Exactly one of `period` and the pair `from`+`to`. */
const onePeriod = (q: StatementFilter): boolean =>
  q.period !== undefined
    ? q.from === undefined && q.to === undefined
    : q.from !== undefined && q.to !== undefined;

/**
 * `GET /base/v2/sub/statements` (query) and `POST /base/v2/sub/statements` (the Excel export, same
 * fields as a JSON body): `period=YYYY-MM` or `from=YYYY-MM-DD&to=YYYY-MM-DD` (at most
 * MAX_SUB_RANGE_DAYS days), optional `agencyId` and `currency`, paging over the rows.
 */
export const SubStatementQuery = z
  .strictObject(statementFilter)
  .refine(onePeriod, { path: ['period'], message: 'period or from and to' })
  .refine(inRange, { path: ['to'], message: 'range' });
export type SubStatementQuery = z.infer<typeof SubStatementQuery>;

/** The days a statement query covers: its month, or its `from`..`to`. */
export function statementDays(q: StatementFilter): { from: string; to: string } {
  if (q.period) return monthRange(q.period);
  return { from: q.from ?? '', to: q.to ?? '' };
}

/**
 * One sub-agency's wallet statement in one currency over a range of days (of its time zone, both included):
 * `closing = opening + topUps + sum(spending)`. `spending` is the signed change of the wallet per
 * payment type: negative for money out (origin-flight, origin-train, change-flight), positive for
 * money back (refund-flight, which includes reimbursements of failed orders, and void-flight).
 * `creditLimit` is the wallet's credit limit now (not at the end of the period).
 */
export const SubAgencyStatement = z.object({
  agencyId: z.number().int(),
  agencyName: z.string(),
  /** First and last day of the statement, `YYYY-MM-DD`. */
  from: z.string(),
  to: z.string(),
  currency: z.enum(CURRENCIES),
  opening: MoneyJson,
  topUps: MoneyJson,
  spending: z.object({
    'origin-flight': MoneyJson,
    'origin-train': MoneyJson,
    'refund-flight': MoneyJson,
    'change-flight': MoneyJson,
    'void-flight': MoneyJson,
  }),
  closing: MoneyJson,
  creditLimit: MoneyJson,
});
export type SubAgencyStatement = z.infer<typeof SubAgencyStatement>;

/**
 * A page of statements: one row per sub-agency and currency (its settlement currency even before
 * any money moved, and every other currency its wallet has), sorted by agency name, id, currency.
 */
export const SubStatementList = pageOf(SubAgencyStatement);
export type SubStatementList = z.infer<typeof SubStatementList>;

/**
 * `GET /base/v2/sub/statements/{a}/{b}`: `a` is the sub-agency id, `b` the month `YYYY-MM` (in the
 * sub-agency's time zone).
 */
export const SubStatementParams = z.strictObject({ a: AgencyId, b: CalendarMonth });
export type SubStatementParams = z.infer<typeof SubStatementParams>;

/** One sub-agency's statement of one month: a row per currency, and each day's statement. */
export const SubStatementDetail = z.object({
  agencyId: z.number().int(),
  agencyName: z.string(),
  /** `YYYY-MM`. */
  period: z.string(),
  statements: z.array(SubAgencyStatement),
  /**
   * The same columns per day of the month in the sub-agency's zone (days without a movement
   * included), per currency.
   */
  days: z.array(SubAgencyStatement),
});
export type SubStatementDetail = z.infer<typeof SubStatementDetail>;

/** `{id}` of `/base/v2/sub/balance/{id}` and `/base/v2/sub/bills/{id}/*`. */
export const SubAgencyIdParams = z.strictObject({ id: AgencyId });
export type SubAgencyIdParams = z.infer<typeof SubAgencyIdParams>;

/**
 * `GET /base/v2/sub/balance/{id}`: the sub-agency's wallets (balance, credit limit, available)
 * per currency; its settlement currency is listed even before the first entry.
 */
export const SubAgencyBalance = z.object({
  agencyId: z.number().int(),
  agencyName: z.string(),
  settlementCurrency: z.enum(CURRENCIES),
  wallets: z.array(WalletBalance),
});
export type SubAgencyBalance = z.infer<typeof SubAgencyBalance>;

/** `GET /base/v2/sub/look-to-book?agencyId=&from=&to=` (UTC days, both included). */
export const LookToBookQuery = z
  .strictObject({ agencyId: AgencyId, from: CalendarDate, to: CalendarDate })
  .refine(inRange, { path: ['to'], message: 'range' });
export type LookToBookQuery = z.infer<typeof LookToBookQuery>;

/** Searches per booking; null when there was no booking. */
export function lookToBookRatio(searches: number, bookings: number): number | null {
  return bookings === 0 ? null : Math.round((searches / bookings) * 100) / 100;
}

/** One day's searches, bookings and their ratio (searches per booking, 2 decimals; null without bookings). */
export const LookToBookDay = z.object({
  day: z.string(),
  searches: z.number().int().min(0),
  bookings: z.number().int().min(0),
  ratio: z.number().nullable(),
});
export type LookToBookDay = z.infer<typeof LookToBookDay>;

/** The sub-agency's ticketing-related settings, shown beside the chart (read only). */
export const TicketingSettingsView = z.object({
  searchMode: z.enum(['all', 'popular']),
  maxResponseTimeMs: z.number().int(),
  onlyFreeBaggage: z.boolean(),
  onlyWithFareBasis: z.boolean(),
  showSuppliers: z.boolean(),
  filter: z.object({
    mode: z.enum(['none', 'whitelist', 'blacklist']),
    airlines: z.array(z.string()),
    suppliers: z.array(z.string()),
  }),
  /** Service fees in the settlement currency. */
  serviceFees: z.object({ change: MoneyJson, refund: MoneyJson, void: MoneyJson }),
  disablePayment: z.boolean(),
});
export type TicketingSettingsView = z.infer<typeof TicketingSettingsView>;

/** Every day of the range (days without a search included), the totals and the settings. */
export const LookToBook = z.object({
  agencyId: z.number().int(),
  agencyName: z.string(),
  from: z.string(),
  to: z.string(),
  days: z.array(LookToBookDay),
  totals: z.object({
    searches: z.number().int().min(0),
    bookings: z.number().int().min(0),
    ratio: z.number().nullable(),
  }),
  settings: TicketingSettingsView,
});
export type LookToBook = z.infer<typeof LookToBook>;

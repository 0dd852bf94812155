import type { Currency } from '@portal/domain/currency';
import {
  STATEMENT_SPENDING_TYPES,
  statementDays,
  type StatementSpendingType,
  type SubAgencyStatement,
  type SubStatementDetail,
  type SubStatementList,
  type SubStatementQuery,
} from '@portal/domain/sub-agencies';
import type { Db } from '../../platform/db';
import { dayEndIn, dayStartIn } from '../../platform/time-zones';
import { money } from '../wallet/index';
import { paymentTypeOf } from '../wallet/index';
import { walletSums, type WalletSum } from '../wallet/index';
import { assertInTree } from './sub-agencies.policy';
import { subAgencyTree, walletCreditLimits, type SubAgency } from './sub-agencies.repo';

const DAY_MS = 86_400_000;

/** The day `YYYY-MM-DD` as a calendar date (its UTC midnight): for counting days, not instants. */
const dateOf = (day: string) => new Date(`${day}T00:00:00Z`);

/** The days `from`..`to` (`YYYY-MM-DD`, both included). */
export function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  for (let t = dateOf(from).getTime(); t <= dateOf(to).getTime(); t += DAY_MS) {
    days.push(new Date(t).toISOString().slice(0, 10));
  }
  return days;
}

/** A period of a statement: the sums bucket it reads and its first and last day. */
interface Period {
  bucket: string;
  from: string;
  to: string;
}

/**
 * The statements of one agency and currency over consecutive `periods`: the opening is the sum
 * of the `before` bucket, each period adds its top-ups and its spending per payment type, and its
 * closing is the next period's opening. Reimbursements count as refund-flight (the wallet entry's
 * payment type). `sums` are that agency's and currency's.
 */
export function statementsOver(
  agency: Pick<SubAgency, 'id' | 'name'>,
  currency: Currency,
  creditLimitMinor: number,
  sums: readonly WalletSum[],
  periods: readonly Period[],
): SubAgencyStatement[] {
  let balance = sums.filter((s) => s.bucket === 'before').reduce((n, s) => n + s.amountMinor, 0);
  return periods.map((period) => {
    let topUps = 0;
    const spending = Object.fromEntries(STATEMENT_SPENDING_TYPES.map((t) => [t, 0])) as Record<
      StatementSpendingType,
      number
    >;
    for (const s of sums) {
      if (s.bucket !== period.bucket || !s.kind) continue;
      const type = paymentTypeOf(s.kind);
      if (type === 'top-up') topUps += s.amountMinor;
      else spending[type] += s.amountMinor;
    }
    const opening = balance;
    balance += topUps + STATEMENT_SPENDING_TYPES.reduce((n, t) => n + spending[t], 0);
    return {
      agencyId: agency.id,
      agencyName: agency.name,
      from: period.from,
      to: period.to,
      currency,
      opening: money(opening, currency),
      topUps: money(topUps, currency),
      spending: {
        'origin-flight': money(spending['origin-flight'], currency),
        'origin-train': money(spending['origin-train'], currency),
        'refund-flight': money(spending['refund-flight'], currency),
        'change-flight': money(spending['change-flight'], currency),
        'void-flight': money(spending['void-flight'], currency),
      },
      closing: money(balance, currency),
      creditLimit: money(creditLimitMinor, currency),
    };
  });
}

/**
 * The currencies of an agency's statements: its settlement currency (even before any money
 * moved) and every currency its wallet has, or only `only`.
 */
function currenciesOf(
  agency: SubAgency,
  sums: readonly WalletSum[],
  limits: ReadonlyMap<string, number>,
  only: Currency | undefined,
): Currency[] {
  const all = new Set<string>([agency.commonConfig.settlementCurrency, ...limits.keys()]);
  for (const s of sums) all.add(s.currency);
  return [...all].filter((c) => !only || c === only).sort() as Currency[];
}

/**
 * The statements of `agencies` over the days, each agency's days cut at midnight of its own time
 * zone (as its own statements are, so a parent reads the figures its sub-agency reads; the lists'
 * date filters are the reader's days instead): one sums query per time zone among them, one credit
 * query.
 */
async function statementsOf(
  db: Db,
  agencies: readonly SubAgency[],
  days: { from: string; to: string },
  by: 'range' | 'day',
  currency: Currency | undefined,
): Promise<SubAgencyStatement[]> {
  const ids = agencies.map((a) => a.id);
  const zones = [...new Set(agencies.map((a) => a.timeZone))];
  const [sumsByZone, limits] = await Promise.all([
    Promise.all(
      zones.map((timeZone) =>
        walletSums(
          db,
          agencies.filter((a) => a.timeZone === timeZone).map((a) => a.id),
          dayEndIn(days.to, timeZone),
          { by, start: dayStartIn(days.from, timeZone), timeZone },
        ),
      ),
    ),
    walletCreditLimits(db, ids),
  ]);
  const sums = sumsByZone.flat();
  const periods: Period[] =
    by === 'range'
      ? [{ bucket: 'within', ...days }]
      : daysOf(days.from, days.to).map((day) => ({ bucket: day, from: day, to: day }));
  return agencies.flatMap((agency) => {
    const mine = sums.filter((s) => s.agencyId === agency.id);
    const credit = new Map(
      limits.filter((l) => l.agencyId === agency.id).map((l) => [l.currency, l.creditLimitMinor]),
    );
    return currenciesOf(agency, mine, credit, currency).flatMap((c) =>
      statementsOver(
        agency,
        c,
        credit.get(c) ?? 0,
        mine.filter((s) => s.currency === c),
        periods,
      ),
    );
  });
}

/**
 * `GET /base/v2/sub/statements`: a statement per sub-agency of the caller's tree (or the one
 * `agencyId`) and currency over the query's month or days, a page of them.
 */
export async function subStatements(
  db: Db,
  rootId: number,
  query: SubStatementQuery,
): Promise<SubStatementList> {
  const rows = await allSubStatements(db, rootId, query);
  const start = (query.page - 1) * query.pageSize;
  return {
    list: rows.slice(start, start + query.pageSize),
    total: rows.length,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** Every row of `subStatements` (the Excel export writes them all). */
export async function allSubStatements(
  db: Db,
  rootId: number,
  query: SubStatementQuery,
): Promise<SubAgencyStatement[]> {
  const tree = await subAgencyTree(db, rootId);
  const agencies = query.agencyId === undefined ? tree : [assertInTree(tree, query.agencyId)];
  return statementsOf(db, agencies, statementDays(query), 'range', query.currency);
}

/** `GET /base/v2/sub/statements/{a}/{b}`: sub-agency `a`'s statement of month `b`, and per day. */
export async function subStatementOfMonth(
  db: Db,
  rootId: number,
  agencyId: number,
  month: string,
): Promise<SubStatementDetail> {
  const agency = assertInTree(await subAgencyTree(db, rootId), agencyId);
  const days = statementDays({ period: month });
  const [statements, daily] = await Promise.all([
    statementsOf(db, [agency], days, 'range', undefined),
    statementsOf(db, [agency], days, 'day', undefined),
  ]);
  return { agencyId: agency.id, agencyName: agency.name, period: month, statements, days: daily };
}

import { and, asc, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { agencies, type AgencyRow } from '../../platform/db/schema';
import {
  journalEntries,
  ledgerAccounts,
  ledgerPostings,
  type AccountKind,
  type EntryKind,
} from './wallet.schema';

/** Filters and paging of the entry and transaction lists (always within one agency). */
export interface EntryLineFilter {
  page: number;
  pageSize: number;
  /** Inclusive UTC dates `YYYY-MM-DD`. */
  dateFrom?: string | undefined;
  dateTo?: string | undefined;
  kinds?: EntryKind[] | undefined;
  orderId?: string | undefined;
  currency?: string | undefined;
  /** Outside channel of the entry; `balance` also matches entries without a channel. */
  paymentMethod?: string | undefined;
  direction: 'asc' | 'desc';
}

/** The agency's wallet accounts (one per currency). */
export async function walletAccounts(db: Db, agencyId: number) {
  return db
    .select()
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.agencyId, agencyId), eq(ledgerAccounts.kind, 'agency_wallet')))
    .orderBy(ledgerAccounts.currency);
}

/** The agency itself or one of its direct sub-agencies, else undefined. */
export async function findManagedAgency(
  db: Db,
  managerId: number,
  id: number,
): Promise<AgencyRow | undefined> {
  const [row] = await db
    .select()
    .from(agencies)
    .where(
      and(eq(agencies.id, id), sql`(${agencies.id} = ${managerId} or ${agencies.parentId} = ${managerId})`),
    )
    .limit(1);
  return row;
}

/** One entry line seen from the agency's side: the sum of its postings on `kinds` accounts. */
export interface EntryLine {
  id: number;
  kind: EntryKind;
  orderId: string | null;
  reference: string | null;
  description: string;
  meta: Record<string, unknown>;
  createdAt: Date;
  currency: string;
  amountMinor: number;
}

/**
 * A page of the agency's journal entries that touch its accounts of `kinds`, newest first,
 * with the filters of `query`. Always scoped to `agencyId`.
 */
export async function listEntryLines(
  db: Db,
  agencyId: number,
  kinds: AccountKind[],
  query: EntryLineFilter,
): Promise<{ list: EntryLine[]; total: number }> {
  const where: (SQL | undefined)[] = [
    eq(journalEntries.agencyId, agencyId),
    eq(ledgerAccounts.agencyId, agencyId),
    inArray(ledgerAccounts.kind, kinds),
  ];
  if (query.dateFrom) where.push(gte(journalEntries.createdAt, new Date(`${query.dateFrom}T00:00:00Z`)));
  if (query.dateTo) {
    where.push(lt(journalEntries.createdAt, new Date(Date.parse(`${query.dateTo}T00:00:00Z`) + 86_400_000)));
  }
  if (query.kinds) where.push(inArray(journalEntries.kind, query.kinds));
  if (query.orderId) where.push(eq(journalEntries.orderId, query.orderId));
  if (query.currency) where.push(eq(ledgerAccounts.currency, query.currency));
  if (query.paymentMethod) {
    where.push(sql`coalesce(${journalEntries.meta}->>'paymentMethod', 'balance') = ${query.paymentMethod}`);
  }
  const amount = sql<string>`sum(${ledgerPostings.amountMinor})::bigint`.as('amount_minor');
  const base = db
    .select({
      id: journalEntries.id,
      kind: journalEntries.kind,
      orderId: journalEntries.orderId,
      reference: journalEntries.reference,
      description: journalEntries.description,
      meta: journalEntries.meta,
      createdAt: journalEntries.createdAt,
      currency: ledgerAccounts.currency,
      amountMinor: amount,
    })
    .from(journalEntries)
    .innerJoin(ledgerPostings, eq(ledgerPostings.entryId, journalEntries.id))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
    .where(and(...where))
    .groupBy(journalEntries.id, ledgerAccounts.currency)
    .as('lines');
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(base);
  const rows = await db
    .select()
    .from(base)
    .orderBy(
      ...(query.direction === 'asc'
        ? [asc(base.createdAt), asc(base.id)]
        : [desc(base.createdAt), desc(base.id)]),
    )
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  return {
    total: count?.n ?? 0,
    list: rows.map((r) => ({
      ...r,
      amountMinor: Number(r.amountMinor),
      meta: r.meta as Record<string, unknown>,
    })),
  };
}

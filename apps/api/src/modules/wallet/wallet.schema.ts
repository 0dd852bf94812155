import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { LEDGER_ENTRY_KINDS, type LedgerEntryKind } from '@portal/domain/wallet';
import { createdAt, minorUnits, updatedAt } from '../../platform/db/columns';
import { agencies, users } from '../../platform/db/schema';

/**
 * Chart of accounts: every agency has, per currency, one account of each kind. Amounts are
 * signed integer minor units, credit-positive: a posting's amount is added to the account's
 * balance, and the postings of one entry sum to zero per currency.
 *
 * - `agency_wallet`: what the platform holds for the agency (prepaid funds). Positive = money the
 *   agency may spend; negative = credit line in use. Must keep `balance + credit_limit >= 0`.
 * - `platform_cash`: money received from the agency (top-ups). Goes negative as cash comes in
 *   (the counterpart of the wallet credit).
 * - `supplier_payable`: what the platform owes suppliers for the agency's paid orders. Grows with
 *   payments, shrinks with refunds, voids and reimbursements.
 * - `platform_receivable`: money an outside payment channel owes the platform for the agency's
 *   orders, and credit adjustments (manual corrections) of the wallet.
 */
export const ACCOUNT_KINDS = [
  'agency_wallet',
  'platform_cash',
  'supplier_payable',
  'platform_receivable',
] as const;
export type AccountKind = (typeof ACCOUNT_KINDS)[number];

/** Journal entry kinds: the wallet entry payment types of spec §3 plus ledger-only kinds. */
export const ENTRY_KINDS = LEDGER_ENTRY_KINDS;
export type EntryKind = LedgerEntryKind;

/** Extra facts of an entry shown in the transaction rows (top-up fee, rate, method). */
export interface EntryMeta {
  paymentMethod?: string;
  exchangeRate?: string;
  transactionFeePercent?: string;
  handlingFeeMinor?: number;
  amountReceived?: string;
  sendEmail?: boolean;
  /** Currency of the wallet a `credit-adjustment` entry changed. */
  currency?: string;
  /** Credit limit change of a `credit-adjustment` entry, in minor units. */
  creditLimitFromMinor?: number;
  creditLimitToMinor?: number;
}

export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    agencyId: integer('agency_id')
      .notNull()
      .references(() => agencies.id),
    currency: text('currency').notNull(),
    kind: text('kind').$type<AccountKind>().notNull(),
    balanceMinor: minorUnits('balance_minor').notNull().default(0),
    /** Only meaningful for `agency_wallet`: how far the balance may go below zero. */
    creditLimitMinor: minorUnits('credit_limit_minor').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('ledger_accounts_agency_currency_kind').on(t.agencyId, t.currency, t.kind),
    check('ledger_accounts_credit_limit_nonneg', sql`${t.creditLimitMinor} >= 0`),
  ],
);

export const journalEntries = pgTable(
  'journal_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    agencyId: integer('agency_id')
      .notNull()
      .references(() => agencies.id),
    kind: text('kind').$type<EntryKind>().notNull(),
    /** The order the entry belongs to; a refund or change uses its own order id. */
    orderId: text('order_id'),
    reference: text('reference'),
    description: text('description').notNull().default(''),
    meta: jsonb('meta').$type<EntryMeta>().notNull().default({}),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    // One entry per order and kind: a payment can never run twice for one order.
    uniqueIndex('journal_entries_order_kind')
      .on(t.orderId, t.kind)
      .where(sql`${t.orderId} is not null`),
    index('journal_entries_agency_created_idx').on(t.agencyId, t.createdAt),
  ],
);

export const ledgerPostings = pgTable(
  'ledger_postings',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    entryId: bigint('entry_id', { mode: 'number' })
      .notNull()
      .references(() => journalEntries.id),
    accountId: integer('account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    amountMinor: minorUnits('amount_minor').notNull(),
    currency: text('currency').notNull(),
  },
  (t) => [
    index('ledger_postings_entry_idx').on(t.entryId),
    index('ledger_postings_account_idx').on(t.accountId),
  ],
);

export type LedgerAccountRow = typeof ledgerAccounts.$inferSelect;
export type JournalEntryRow = typeof journalEntries.$inferSelect;
export type LedgerPostingRow = typeof ledgerPostings.$inferSelect;

import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { LEDGER_ENTRY_KINDS, type LedgerEntryKind, type WalletPaymentType } from '@portal/domain/wallet';
import { createdAt, minorUnits, updatedAt } from '../../platform/db/columns';
import { agencies } from '../agencies/index';
import { users } from '../users/index';

/**
 * Chart of accounts: every agency has, per currency, one account of each kind. Amounts are
 * signed integer minor units, credit-positive: a posting's amount is added to the account's
 * balance, and the postings of one entry sum to zero per currency.
 *
 * - `agency_wallet`: what the platform holds for the agency (prepaid funds). Positive = money the
 *   agency may spend; negative = credit line in use. Must keep
 *   `balance + credit_limit - credit_lent >= 0`, except after the clawback of a markup it earned.
 * - `platform_cash`: money received from a top-level agency (the platform's funding, with a bank
 *   reference). Goes negative as cash comes in (the counterpart of the wallet credit). Never moves
 *   for a sub-agency: a sub-agency's money is a transfer from its parent's wallet.
 * - `supplier_payable`: what the platform owes suppliers for the agency's paid orders. Grows with
 *   payments, shrinks with refunds, voids and reimbursements.
 * - `platform_receivable`: money an outside payment channel owes the platform for the agency's
 *   orders, and credit adjustments (manual corrections) of the wallet.
 * - `platform_suspense`: money a payment provider moved outside the portal for the agency's
 *   orders (a refund made in its dashboard, a dispute's funds withdrawn): the counterpart of the
 *   receivable it took it from, negative while the platform is out of it, until an operator
 *   settles it (or the provider reinstates it). Never a wallet: the agency's balance is untouched.
 */
export const ACCOUNT_KINDS = [
  'agency_wallet',
  'platform_cash',
  'supplier_payable',
  'platform_receivable',
  'platform_suspense',
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
  /** A `transfer`: the parent that sent it and the sub-agency that received it. */
  fromAgencyId?: number;
  toAgencyId?: number;
  /** A refund, void or reimbursement: the paid order whose markup legs it unwinds. */
  unwinds?: string;
  /** An older entry repeating the reference of `duplicateOf` (kept by migration 0019). */
  duplicateOf?: number;
  /** A sub-agency top-up from platform_cash posted before migration 0019 (history, not refused). */
  legacySubFunding?: boolean;
  /** A platform funding: its four-eyes request and the two platform admins (requester, approver). */
  platformApprovalId?: string;
  requestedBy?: number;
  approvedBy?: number;
}

/** What a posting is beyond an ordinary leg: an ancestor's markup, or the clawback of one. */
export const POSTING_LEGS = ['markup', 'clawback'] as const;
export type PostingLeg = (typeof POSTING_LEGS)[number];

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
    /**
     * Only meaningful for `agency_wallet`: the credit limits of the direct sub-agencies' wallets in
     * this currency, which this wallet backs. Available = balance + credit limit - credit lent.
     */
    creditLentMinor: minorUnits('credit_lent_minor').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('ledger_accounts_agency_currency_kind').on(t.agencyId, t.currency, t.kind),
    check('ledger_accounts_credit_limit_nonneg', sql`${t.creditLimitMinor} >= 0`),
    check('ledger_accounts_credit_lent_nonneg', sql`${t.creditLentMinor} >= 0`),
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
    // One reference credited once to one agency (funding or transfer); see migration 0019.
    uniqueIndex('journal_entries_agency_reference')
      .on(t.agencyId, t.reference)
      .where(
        sql`${t.kind} in ('top-up', 'transfer') and ${t.reference} is not null and (${t.meta} -> 'duplicateOf') is null`,
      ),
    index('journal_entries_agency_created_idx').on(t.agencyId, t.createdAt),
  ],
);

/**
 * The `payment_type` of a posting from its `entry_kind`, as `kindsOf` (wallet.presenter.ts) lists
 * kinds under types; migration 0042 writes the same expression.
 */
const PAYMENT_TYPE_OF_ENTRY_KIND = sql`case
  when entry_kind in ('top-up', 'transfer') then 'top-up'
  when entry_kind in ('refund-flight', 'reimbursement') then 'refund-flight'
  when entry_kind in ('origin-flight', 'origin-train', 'change-flight', 'void-flight') then entry_kind
end`;

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
    /** Null for an ordinary leg; `markup` / `clawback` for an ancestor's income and its return. */
    leg: text('leg').$type<PostingLeg>(),
    // Copies of fixed facts, so that the wallet's lists and statements read one index range of the
    // agency's postings (migration 0033): its account's agency and kind, its entry's kind and time.
    agencyId: integer('agency_id').notNull(),
    accountKind: text('account_kind').$type<AccountKind>().notNull(),
    entryKind: text('entry_kind').$type<EntryKind>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /**
     * The account's balance after the posting's entry (all its postings on the account), written
     * under the account's lock. Entries take their time under that lock too, so on each account
     * the balances follow the entries' order in time (`ledger.invariants.ts` checks it); an entry
     * with a time of its own moves the balances stored after it (`postEntry`).
     */
    balanceAfterMinor: minorUnits('balance_after_minor').notNull(),
    /**
     * The wallet payment type the entries' type filter lists the posting under (`kindsOf`: a
     * top-up is a `top-up` or a `transfer` entry), null for kinds no type lists. Computed by
     * PostgreSQL from `entry_kind` in the posting's own insert (migration 0042): no writer sets it,
     * none can set it otherwise, and `ledger.invariants.ts` checks the expression against `kindsOf`.
     */
    paymentType: text('payment_type')
      .$type<WalletPaymentType>()
      .generatedAlwaysAs(PAYMENT_TYPE_OF_ENTRY_KIND),
  },
  (t) => [
    check('ledger_postings_leg_known', sql`${t.leg} is null or ${t.leg} in ('markup', 'clawback')`),
    index('ledger_postings_entry_idx').on(t.entryId),
    index('ledger_postings_account_idx').on(t.accountId, t.createdAt, t.entryId),
    // Migration 0033 also INCLUDEs account_kind, entry_kind, currency, amount_minor and
    // balance_after_minor here (index-only pages and statement sums), and balance_after_minor in
    // the account index (a wallet's balance at an instant); the schema builder cannot say so.
    index('ledger_postings_agency_created_idx').on(t.agencyId, t.createdAt, t.entryId),
    // A type's postings in the lists' order (migration 0042 INCLUDEs account_kind, currency and
    // amount_minor: a page of one type is index-only too).
    index('ledger_postings_agency_type_created_idx').on(t.agencyId, t.paymentType, t.createdAt, t.entryId),
  ],
);

/**
 * The sums of each agency wallet's postings per UTC hour and entry kind (migration 0033), written
 * with the postings under the wallet's lock: what statements over months or days read, instead of
 * every posting of the range.
 */
export const walletHourlySums = pgTable(
  'wallet_hourly_sums',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    agencyId: integer('agency_id').notNull(),
    currency: text('currency').notNull(),
    /** The hour's first instant (UTC hours: every whole-hour offset's midnights are among them). */
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    entryKind: text('entry_kind').$type<EntryKind>().notNull(),
    amountMinor: minorUnits('amount_minor').notNull(),
    postings: integer('postings').notNull(),
  },
  (t) => [
    primaryKey({ name: 'wallet_hourly_sums_pkey', columns: [t.accountId, t.hour, t.entryKind] }),
    // Migration 0033 INCLUDEs currency, entry_kind, amount_minor and postings (index-only sums).
    index('wallet_hourly_sums_agency_hour_idx').on(t.agencyId, t.hour),
  ],
);

/**
 * The sums of each agency wallet's postings per UTC day and entry kind (migration 0040), written in
 * the same statement as the hourly sums: a statement reads its whole UTC days here, and the hours
 * only of the days a period starts within.
 */
export const walletDailySums = pgTable(
  'wallet_daily_sums',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    agencyId: integer('agency_id').notNull(),
    currency: text('currency').notNull(),
    /** The UTC day's first instant (UTC midnight). */
    day: timestamp('day', { withTimezone: true }).notNull(),
    entryKind: text('entry_kind').$type<EntryKind>().notNull(),
    amountMinor: minorUnits('amount_minor').notNull(),
    postings: integer('postings').notNull(),
  },
  (t) => [
    primaryKey({ name: 'wallet_daily_sums_pkey', columns: [t.accountId, t.day, t.entryKind] }),
    // Migration 0040 INCLUDEs currency, entry_kind, amount_minor and postings (index-only sums).
    index('wallet_daily_sums_agency_day_idx').on(t.agencyId, t.day),
  ],
);

export type LedgerAccountRow = typeof ledgerAccounts.$inferSelect;
export type JournalEntryRow = typeof journalEntries.$inferSelect;
export type LedgerPostingRow = typeof ledgerPostings.$inferSelect;

import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { ApprovalKind, ApprovalStatus } from '@portal/domain/platform-funding';
import { createdAt, minorUnits, timestamptz, uuidId } from '../../platform/db/columns';
import { agencies } from '../agencies/index';
import { journalEntries } from '../wallet/index';

/**
 * Four-eyes requests of the platform (`docs/platform.md`): the funding of a top-level agency
 * (`kind = 'funding'`: amount credited, bank reference and the received amount, rate and fee as the
 * top-up's meta keeps them) or its new credit limit (`kind = 'credit'`). Nothing posts until another
 * platform admin approves; the approval posts `topUp` or `setCreditLimit` and sets `entry_id` in the
 * same transaction, with this row locked. Admin ids are platform admins' (`platform_users`).
 */
export const platformApprovals = pgTable(
  'platform_approvals',
  {
    id: uuidId(),
    kind: text('kind').$type<ApprovalKind>().notNull(),
    status: text('status').$type<ApprovalStatus>().notNull().default('pending'),
    agencyId: integer('agency_id')
      .notNull()
      .references(() => agencies.id),
    currency: text('currency').notNull(),
    /** Funding: minor units credited to the wallet. */
    amountMinor: minorUnits('amount_minor'),
    /** Funding: the bank reference, unique per agency in the ledger (and among pending requests). */
    reference: text('reference'),
    /** Funding: amount received in the currency paid in, exchange rate, fee percent (decimal texts). */
    amountReceived: text('amount_received'),
    exchangeRate: text('exchange_rate'),
    transactionFeePercent: text('transaction_fee_percent'),
    /** Credit: the new limit in minor units. */
    creditLimitMinor: minorUnits('credit_limit_minor'),
    note: text('note'),
    requestedBy: integer('requested_by').notNull(),
    decidedBy: integer('decided_by'),
    decidedAt: timestamptz('decided_at'),
    /** Why it was rejected. */
    reason: text('reason'),
    /** The journal entry the approval posted. */
    entryId: bigint('entry_id', { mode: 'number' }).references(() => journalEntries.id),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      'platform_approvals_shape',
      sql`(${t.kind} = 'funding' and ${t.amountMinor} > 0 and ${t.reference} is not null and ${t.creditLimitMinor} is null)
        or (${t.kind} = 'credit' and ${t.creditLimitMinor} >= 0 and ${t.amountMinor} is null and ${t.reference} is null)`,
    ),
    check('platform_approvals_status', sql`${t.status} in ('pending', 'approved', 'rejected', 'cancelled')`),
    // Approved exactly when posted; decided exactly when no longer pending.
    check('platform_approvals_posted', sql`(${t.status} = 'approved') = (${t.entryId} is not null)`),
    check('platform_approvals_decided', sql`(${t.status} = 'pending') = (${t.decidedAt} is null)`),
    // One pending funding request per agency and bank reference (the ledger's own index holds posted ones).
    uniqueIndex('platform_approvals_pending_reference')
      .on(t.agencyId, t.reference)
      .where(sql`${t.kind} = 'funding' and ${t.status} = 'pending'`),
    index('platform_approvals_status_created_idx').on(t.status, t.createdAt),
    index('platform_approvals_agency_idx').on(t.agencyId),
  ],
);

export type PlatformApprovalRow = typeof platformApprovals.$inferSelect;

import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { money, percentOf, setCreditLimit, topUp } from '../wallet/index';
import { lockFundableAgency } from './fundable-agency';
import type { FundingAuditAction, FundingCtx, FundingDeps } from './funding-context';
import { decideApproval, lockApproval } from './platform-funding.repo';
import type { PlatformApprovalRow } from './platform-funding.schema';
import { walletFacts } from './request-money';

/** The request, locked, and still pending: 404 when unknown, 409 APPROVAL_NOT_PENDING once decided. */
async function lockPending(tx: Db, id: string): Promise<PlatformApprovalRow> {
  const row = await lockApproval(tx, id);
  if (!row) throw new AppError('APPROVAL_NOT_FOUND');
  if (row.status !== 'pending') throw new AppError('APPROVAL_NOT_PENDING', undefined, { status: row.status });
  return row;
}

/** Four-eyes: 409 APPROVAL_BY_REQUESTER when the caller made the request. */
function assertOtherAdmin(row: PlatformApprovalRow, ctx: FundingCtx): void {
  if (row.requestedBy === ctx.admin.id) {
    throw new AppError('APPROVAL_BY_REQUESTER', undefined, { requestedBy: row.requestedBy });
  }
}

const action = (row: PlatformApprovalRow, verb: 'approve' | 'reject' | 'cancel'): FundingAuditAction =>
  `${row.kind === 'funding' ? 'funding' : 'credit'}.${verb}`;

/** Posts what an approved request asks for in `tx`: answers the entry id. */
async function post(tx: Db, row: PlatformApprovalRow, ctx: FundingCtx): Promise<number> {
  if (row.kind === 'credit') {
    if (row.creditLimitMinor === null) throw new Error(`credit request ${row.id} has no limit`);
    return setCreditLimit(tx, {
      agencyId: row.agencyId,
      currency: row.currency,
      creditLimitMinor: row.creditLimitMinor,
    });
  }
  if (row.amountMinor === null || row.reference === null)
    throw new Error(`funding request ${row.id} has no amount`);
  const feePercent = row.transactionFeePercent ?? '0';
  return topUp(tx, {
    agencyId: row.agencyId,
    currency: row.currency,
    amountMinor: row.amountMinor,
    reference: row.reference,
    description: row.note ?? '',
    meta: {
      exchangeRate: row.exchangeRate ?? '1',
      transactionFeePercent: feePercent,
      handlingFeeMinor: percentOf(row.amountMinor, feePercent),
      amountReceived: row.amountReceived ?? undefined,
      platformApprovalId: row.id,
      requestedBy: row.requestedBy,
      approvedBy: ctx.admin.id,
    },
  });
}

/**
 * Another platform admin than the requester approves a pending request: in ONE transaction, with
 * the request row locked (a second approval waits, then finds it decided: 409), the agency is
 * checked again (top-level, active), the ledger posts `topUp` (its bank reference once per agency:
 * DUPLICATE_REFERENCE otherwise) or `setCreditLimit`, the request becomes approved with its entry,
 * and the audit records the balance or limit before and after and the approver.
 */
export async function approveRequest(deps: FundingDeps, ctx: FundingCtx, id: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const row = await lockPending(tx, id);
    assertOtherAdmin(row, ctx);
    await lockFundableAgency(tx, row.agencyId);
    const before = await walletFacts(tx, row.agencyId, row.currency);
    const entryId = await post(tx, row, ctx);
    await decideApproval(tx, row.id, { status: 'approved', decidedBy: ctx.admin.id, entryId });
    const after = await walletFacts(tx, row.agencyId, row.currency);
    const shown = row.kind === 'funding' ? 'balance' : 'creditLimit';
    await deps.record(tx, ctx, {
      action: action(row, 'approve'),
      targetType: 'agency',
      targetId: String(row.agencyId),
      before: { requestId: row.id, requestedBy: row.requestedBy, [shown]: before[shown] },
      after: {
        requestId: row.id,
        entryId: String(entryId),
        [shown]: after[shown],
        ...(row.amountMinor === null ? {} : { amount: money(row.amountMinor, row.currency) }),
      },
      approvedBy: ctx.admin.id,
    });
  });
}

/** Another platform admin than the requester rejects a pending request with a reason; nothing posts. */
export async function rejectRequest(
  deps: FundingDeps,
  ctx: FundingCtx,
  id: string,
  reason: string,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const row = await lockPending(tx, id);
    assertOtherAdmin(row, ctx);
    await decideApproval(tx, row.id, { status: 'rejected', decidedBy: ctx.admin.id, reason });
    await deps.record(tx, ctx, {
      action: action(row, 'reject'),
      targetType: 'agency',
      targetId: String(row.agencyId),
      before: { requestId: row.id, status: 'pending', requestedBy: row.requestedBy },
      after: { requestId: row.id, status: 'rejected' },
      note: reason,
    });
  });
}

/** The requester withdraws its pending request (409 APPROVAL_NOT_REQUESTER for anyone else); nothing posts. */
export async function cancelRequest(deps: FundingDeps, ctx: FundingCtx, id: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const row = await lockPending(tx, id);
    if (row.requestedBy !== ctx.admin.id) throw new AppError('APPROVAL_NOT_REQUESTER');
    await decideApproval(tx, row.id, { status: 'cancelled', decidedBy: ctx.admin.id });
    await deps.record(tx, ctx, {
      action: action(row, 'cancel'),
      targetType: 'agency',
      targetId: String(row.agencyId),
      before: { requestId: row.id, status: 'pending' },
      after: { requestId: row.id, status: 'cancelled' },
    });
  });
}

import type { Currency } from '@portal/domain/currency';
import { approvalActions, type Approval } from '@portal/domain/platform-funding';
import { money } from '../wallet/index';
import type { ApprovalWithAgency } from './platform-funding.repo';

/** Platform admins' usernames by id (unknown ids answer null). */
export type AdminNames = ReadonlyMap<number, string>;

/** A request as `callerId` reads it: its money in the JSON form and what the caller may do with it. */
export function presentApproval(row: ApprovalWithAgency, callerId: number, names: AdminNames): Approval {
  const admin = (id: number) => ({ id, username: names.get(id) ?? null });
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    agencyId: row.agencyId,
    agencyName: row.agencyName,
    currency: row.currency as Currency,
    amount: row.amountMinor === null ? null : money(row.amountMinor, row.currency),
    amountReceived: row.amountReceived,
    exchangeRate: row.exchangeRate,
    transactionFeePercent: row.transactionFeePercent,
    reference: row.reference,
    creditLimit: row.creditLimitMinor === null ? null : money(row.creditLimitMinor, row.currency),
    note: row.note,
    requestedBy: admin(row.requestedBy),
    requestedAt: row.createdAt.toISOString(),
    decidedBy: row.decidedBy === null ? null : admin(row.decidedBy),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    reason: row.reason,
    entryId: row.entryId === null ? null : String(row.entryId),
    ...approvalActions(row, callerId),
  };
}

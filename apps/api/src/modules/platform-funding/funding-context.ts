import type { Db } from '../../platform/db';

/** Who acts: the signed-in platform admin (the platform request context). */
export interface FundingCtx {
  admin: { id: number };
}

/** The platform audit actions of four-eyes money, in the order a request lives. */
export const FUNDING_AUDIT_ACTIONS = [
  'funding.request',
  'funding.approve',
  'funding.reject',
  'funding.cancel',
  'credit.request',
  'credit.approve',
  'credit.reject',
  'credit.cancel',
] as const;
export type FundingAuditAction = (typeof FUNDING_AUDIT_ACTIONS)[number];

/** One platform audit record: who (the context), what, before and after, and the approver. */
export interface FundingAuditEntry {
  action: FundingAuditAction;
  targetType: string;
  targetId?: string | null;
  before?: unknown;
  after?: unknown;
  approvedBy?: number | null;
  note?: string;
}

/** Writes a platform audit record in the caller's transaction (the platform audit log). */
export type RecordAction = (tx: Db, ctx: FundingCtx, entry: FundingAuditEntry) => Promise<void>;

export interface FundingDeps {
  db: Db;
  record: RecordAction;
}

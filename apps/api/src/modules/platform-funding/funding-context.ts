import type { Db } from '../../platform/db';
import type { PlatformContext } from '../../platform/request-context';
import type { PlatformAuditEntry } from '../platform-admin/index';

/** Who acts: the signed-in platform admin. */
export type FundingCtx = PlatformContext;

/** The platform audit actions of four-eyes money. */
export type FundingAuditAction = Extract<PlatformAuditEntry['action'], `${'funding' | 'credit'}.${string}`>;

/** One platform audit record of four-eyes money. */
export type FundingAuditEntry = PlatformAuditEntry & { action: FundingAuditAction };

/** Writes a platform audit record in the caller's transaction (`recordPlatformAction`). */
export type RecordAction = (tx: Db, ctx: FundingCtx, entry: FundingAuditEntry) => Promise<void>;

export interface FundingDeps {
  db: Db;
  record: RecordAction;
}

import type { PlatformAuditAction } from '@portal/domain/platform';
import type { Db } from '../../platform/db';
import type { PlatformContext } from '../../platform/request-context';
import { platformAuditLog } from './platform-admin.schema';

/** One platform action as the audit log keeps it. */
export interface PlatformAuditEntry {
  action: PlatformAuditAction;
  /** What kind of thing it changed (`agency`, `application`, `platformAdmin`, …). */
  targetType: string;
  targetId?: string | null;
  /** The target before and after the change, as plain JSON (no secrets, no password hashes). */
  before?: unknown;
  after?: unknown;
  /** The platform admin who approved it (four-eyes), when it needed approval. */
  approvedBy?: number | null;
  note?: string;
}

/** JSON as stored: `undefined` is no value. */
const jsonOrNull = (value: unknown) => (value === undefined ? null : value);

/** Writes one row of the platform audit log; `adminId` null for a refused sign-in of an unknown name. */
export async function insertPlatformAudit(
  tx: Db,
  who: { adminId: number | null; requestId: string | null; at?: Date },
  entry: PlatformAuditEntry,
): Promise<void> {
  await tx.insert(platformAuditLog).values({
    ...(who.at ? { at: who.at } : {}),
    adminId: who.adminId,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId ?? null,
    before: jsonOrNull(entry.before),
    after: jsonOrNull(entry.after),
    approvedBy: entry.approvedBy ?? null,
    note: entry.note ?? null,
    requestId: who.requestId,
  });
}

/**
 * Records a platform admin's action in the platform audit log. Call it in the SAME transaction
 * as the change it records, so that a change is never without its row nor a row without its change.
 */
export async function recordPlatformAction(
  tx: Db,
  ctx: PlatformContext,
  entry: PlatformAuditEntry,
): Promise<void> {
  await insertPlatformAudit(tx, { adminId: ctx.admin.id, requestId: ctx.requestId }, entry);
}

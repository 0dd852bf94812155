import type { Db } from '../../platform/db';
import type { PlatformContext } from '../../platform/request-context';
import { recordPlatformAction, type PlatformAuditEntry } from '../platform-admin/index';

/**
 * The platform admin a use case acts for: who (`adminId`, `name`) and how the change is written
 * to the platform audit log, in the SAME transaction as the change (`record`). The routes make it
 * from the request's platform context (`actorOf`); tests may give their own.
 */
export interface PlatformActor {
  adminId: number;
  name: string;
  record(tx: Db, entry: PlatformAuditEntry): Promise<void>;
}

/** The signed-in platform admin of a request, writing to the platform audit log. */
export function actorOf(ctx: PlatformContext): PlatformActor {
  return {
    adminId: ctx.admin.id,
    name: ctx.admin.username,
    record: (tx, entry) => recordPlatformAction(tx, ctx, entry),
  };
}

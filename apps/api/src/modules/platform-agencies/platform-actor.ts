import type { Db } from '../../platform/db';

/** One entry of the platform audit log, as this module writes it. */
export interface AuditEntry {
  action:
    'application.status' | 'application.note' | 'application.convert' | 'agency.suspend' | 'agency.resume';
  targetType: 'application' | 'agency';
  targetId: string;
  before?: unknown;
  after?: unknown;
  note?: string;
}

/**
 * The platform admin a use case acts for: who (`adminId`, `name`) and how the change is written
 * to the platform audit log, in the SAME transaction as the change (`record`). The routes build
 * it from the request's platform context; tests give their own.
 */
export interface PlatformActor {
  adminId: number;
  name: string;
  record(tx: Db, entry: AuditEntry): Promise<void>;
}

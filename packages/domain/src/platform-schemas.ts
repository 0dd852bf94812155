import { z } from 'zod';
import { PLATFORM_AUDIT_ACTIONS, PLATFORM_PERMISSIONS, TOTP_CODE_PATTERN } from './platform';
import { CalendarDate } from './primitives';

/** The platform back office's request and answer schemas (`platform.ts` holds its names and rules). */

/** `POST /platform/v2/login`: user name, password and the authenticator's current code. */
export const PlatformLoginBody = z.strictObject({
  username: z.string().trim().toLowerCase().min(1).max(64),
  password: z.string().min(1).max(128),
  code: z.string().trim().regex(TOTP_CODE_PATTERN),
});
export type PlatformLoginBody = z.infer<typeof PlatformLoginBody>;

/** The signed-in platform admin as the back office shows them. */
export const PlatformAdminInfo = z.object({
  id: z.number().int(),
  username: z.string(),
  permissions: z.array(z.enum(PLATFORM_PERMISSIONS)),
});
export type PlatformAdminInfo = z.infer<typeof PlatformAdminInfo>;

/** `GET /platform/v2/me`. */
export const PlatformMe = z.object({ admin: PlatformAdminInfo, expiresAt: z.iso.datetime() });
export type PlatformMe = z.infer<typeof PlatformMe>;

/** The answer of a platform sign-in: the bearer token and who signed in. */
export const PlatformLoginResult = PlatformMe.extend({ token: z.string() });
export type PlatformLoginResult = z.infer<typeof PlatformLoginResult>;

/** Query of `GET /platform/v2/audit` (and the body of its export): filters, newest first. */
export const PlatformAuditQuery = z.strictObject({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  action: z.enum(PLATFORM_AUDIT_ACTIONS).optional(),
  /** The acting admin's user name. */
  admin: z.string().trim().toLowerCase().min(1).max(64).optional(),
  targetType: z.string().trim().min(1).max(64).optional(),
  targetId: z.string().trim().min(1).max(128).optional(),
  /** First and last day (UTC), inclusive. */
  from: CalendarDate.optional(),
  to: CalendarDate.optional(),
});
export type PlatformAuditQuery = z.infer<typeof PlatformAuditQuery>;

/** An admin as the audit log names them. */
const AuditAdmin = z.object({ id: z.number().int(), username: z.string() }).nullable();

/** One row of the platform audit log. */
export const PlatformAuditRecord = z.object({
  id: z.number().int(),
  at: z.iso.datetime(),
  admin: AuditAdmin,
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  approvedBy: AuditAdmin,
  note: z.string().nullable(),
  requestId: z.string().nullable(),
});
export type PlatformAuditRecord = z.infer<typeof PlatformAuditRecord>;

export const PlatformAuditPage = z.object({
  list: z.array(PlatformAuditRecord),
  total: z.number().int().min(0),
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1),
});
export type PlatformAuditPage = z.infer<typeof PlatformAuditPage>;

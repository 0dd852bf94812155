import { z } from 'zod';
import { CalendarDate } from './primitives';

/**
 * The platform back office: the operators of the portal itself (`PlatformAdmin`), who stand
 * outside every agency. They sign in apart from agency users (their own table, sessions and
 * second factor) and are allowed by their permissions, never by agency roles (`docs/platform.md`).
 */

/** What a platform admin may do besides reading: money (funding, credit, rates) and support. */
export const PLATFORM_PERMISSIONS = ['platform:finance', 'platform:support'] as const;
export type PlatformPermission = (typeof PLATFORM_PERMISSIONS)[number];

/** True when `value` is one of `PLATFORM_PERMISSIONS`. */
export function isPlatformPermission(value: unknown): value is PlatformPermission {
  return typeof value === 'string' && (PLATFORM_PERMISSIONS as readonly string[]).includes(value);
}

/**
 * The actions the platform audit log records (`platform_audit_log.action`), dotted
 * `<target>.<verb>`. Each area keeps its names together in one block.
 */
export const PLATFORM_AUDIT_ACTIONS = [
  // Platform identities and sessions.
  'session.signIn',
  'session.signInRefused',
  'session.signOut',
  'admin.create',
  'admin.disable',
  // Four-eyes funding and credit of top-level agencies (docs/transactions.md).
  'funding.request',
  'funding.approve',
  'funding.reject',
  'funding.cancel',
  'credit.request',
  'credit.approve',
  'credit.reject',
  'credit.cancel',
] as const;
export type PlatformAuditAction = (typeof PLATFORM_AUDIT_ACTIONS)[number];

/** True when `value` is one of `PLATFORM_AUDIT_ACTIONS`. */
export function isPlatformAuditAction(value: unknown): value is PlatformAuditAction {
  return typeof value === 'string' && (PLATFORM_AUDIT_ACTIONS as readonly string[]).includes(value);
}

/** A platform admin's user name: 3 to 32 lower-case letters, digits, dots, dashes, underscores. */
export const PLATFORM_USERNAME_PATTERN = /^[a-z0-9][a-z0-9._-]{2,31}$/;

/** The six digits of an authenticator app's current code (TOTP, 30-second steps). */
export const TOTP_CODE_PATTERN = /^\d{6}$/;
export const TOTP_CODE_LENGTH = 6;

/** The API paths of the platform back office (the web's pages are `/platform…` without `/v2`). */
export const PLATFORM_API_PREFIX = '/platform/v2/';

/**
 * A platform session's token starts with this; an agency token (base64url) never contains a dot,
 * so either side refuses the other's token without reading a table.
 */
export const PLATFORM_TOKEN_PREFIX = 'plt.';

/** True when a bearer token was issued by the platform sign-in. */
export function isPlatformToken(token: string): boolean {
  return token.startsWith(PLATFORM_TOKEN_PREFIX);
}

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

/** Whether a signed-in platform admin with `permissions` holds `permission`. */
export function hasPlatformPermission(
  permissions: readonly string[],
  permission: PlatformPermission,
): boolean {
  return permissions.includes(permission);
}

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

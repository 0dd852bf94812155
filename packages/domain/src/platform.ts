/**
 * The platform back office: the operators of the portal itself (`PlatformAdmin`), who stand
 * outside every agency. They sign in apart from agency users (their own table, sessions and
 * second factor) and are allowed by their permissions, never by agency roles (`docs/platform.md`).
 * No zod here: the web's guard reads this file on every page; the request and answer schemas are
 * in `platform-schemas.ts`.
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
  // Applications and top-level agencies (docs/platform.md "Applications, conversion, suspension").
  'application.status',
  'application.note',
  'application.convert',
  'agency.suspend',
  'agency.resume',
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

/** Whether a signed-in platform admin with `permissions` holds `permission`. */
export function hasPlatformPermission(
  permissions: readonly string[],
  permission: PlatformPermission,
): boolean {
  return permissions.includes(permission);
}

import { z } from 'zod';
import { MobileNumber, NewPassword, USER_STATUSES, UserInfo } from './auth';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, pageOf } from './flight-order';
import { USERNAME_PATTERN } from './limits';
import { CleanText } from './primitives';
import { ROLES, type Role } from './roles';

/**
 * User management of an agency (`/users`, spec §2, §3, §5, §6). Status meanings:
 * - `active`: signs in and works.
 * - `testing`: signs in and works like `active`; marked as a test account in the list so that
 *   nobody mistakes its orders for real business.
 * - `inactive`: created but not yet activated; cannot sign in (201001) until a SuperUser sets it
 *   to active or testing.
 * - `disabled`: refused at login and on the very next call (201001); its sessions end at once.
 */
/** Statuses under which a user may sign in and call the API. */
export const WORKING_STATUSES = ['active', 'testing'] as const;

export const Username = z.string().trim().regex(USERNAME_PATTERN);

/** At least one role, each of spec §6, no repeats. */
export const UserRoles = z
  .array(z.enum(ROLES))
  .min(1)
  .max(ROLES.length)
  .refine((roles) => new Set(roles).size === roles.length, { message: 'Repeated role' });

const Nickname = CleanText.pipe(z.string().trim().min(1).max(64));
const Email = z.string().trim().max(254).pipe(z.email());

/** POST /base/v2/users. Without `password` the server generates one and shows it once. */
export const CreateUserBody = z.strictObject({
  username: Username,
  nickname: Nickname,
  email: Email,
  mobile: MobileNumber.nullable().optional(),
  roles: UserRoles,
  status: z.enum(USER_STATUSES).default('active'),
  password: NewPassword.optional(),
});
export type CreateUserBody = z.infer<typeof CreateUserBody>;
export type CreateUserInput = z.input<typeof CreateUserBody>;

/** PUT /base/v2/users/{id}: the given fields replace the saved ones. The e-mail never changes. */
export const UpdateUserBody = z.strictObject({
  nickname: Nickname.optional(),
  mobile: MobileNumber.nullable().optional(),
  roles: UserRoles.optional(),
  status: z.enum(USER_STATUSES).optional(),
});
export type UpdateUserBody = z.infer<typeof UpdateUserBody>;

/** `{id}` of a user: a positive PostgreSQL integer. */
export const UserIdParams = z.strictObject({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** GET /base/v2/users: keyword (username, nickname, e-mail or mobile), role, status and paging. */
export const UserListQuery = z.strictObject({
  keyword: CleanText.pipe(z.string().trim().max(64)).optional(),
  role: z.enum(ROLES).optional(),
  status: z.enum(USER_STATUSES).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});
export type UserListQuery = z.infer<typeof UserListQuery>;

/** A user as the management screen shows it. */
export const ManagedUser = UserInfo.omit({ config: true, avatar: true }).extend({
  createdAt: z.string(),
});
export type ManagedUser = z.infer<typeof ManagedUser>;

export const UserList = pageOf(ManagedUser).extend({
  /** May the caller add, edit, reset and delete (the agency's SuperUser)? */
  canManage: z.boolean(),
});
export type UserList = z.infer<typeof UserList>;

/** Answer of a create: the user, and the generated password when none was given (shown once). */
export const CreatedUser = z.object({
  user: ManagedUser,
  temporaryPassword: z.string().nullable(),
});
export type CreatedUser = z.infer<typeof CreatedUser>;

/** Answer of POST /base/v2/users/{id}/password: the temporary password, shown once. */
export const PasswordResetResult = z.object({ temporaryPassword: z.string() });
export type PasswordResetResult = z.infer<typeof PasswordResetResult>;

/** The permission list a user gets from their roles (spec §6; the seeded demo users' lists). */
export function permissionsForRoles(roles: readonly Role[]): string[] {
  if (roles.includes('SuperUser')) return ['all'];
  const permissions: string[] = [];
  if (roles.includes('operator')) permissions.push('orders:read', 'orders:write');
  if (roles.includes('finance')) permissions.push('bills:read', 'agencybills:read');
  return permissions;
}

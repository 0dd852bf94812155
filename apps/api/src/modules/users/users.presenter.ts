import { USER_STATUSES, UserConfig, type UserInfo, type UserStatus } from '@portal/domain/auth';
import { ROLES, type Role } from '@portal/domain/roles';
import type { ManagedUser } from '@portal/domain/users';
import type { UserRow } from './users.schema';

function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

function toStatus(value: string): UserStatus {
  return (USER_STATUSES as readonly string[]).includes(value) ? (value as UserStatus) : 'inactive';
}

/** The user as the API presents it; never exposes the password hash or SSO ids. */
export function presentUser(row: UserRow): UserInfo {
  const config = UserConfig.safeParse(row.config);
  return {
    id: row.id,
    username: row.username,
    nickname: row.nickname,
    email: row.email,
    mobile:
      row.mobileAreaCode && row.mobileNumber
        ? { areaCode: row.mobileAreaCode, number: row.mobileNumber }
        : null,
    role: row.roles.filter(isRole),
    status: toStatus(row.status),
    agencyId: row.agencyId,
    avatar: row.avatar,
    config: config.success ? config.data : {},
    ...(row.mustChangePassword ? { mustChangePassword: true } : {}),
  };
}

/** Statuses that may sign in. */
export function canSignIn(row: UserRow): boolean {
  return row.status === 'active' || row.status === 'testing';
}

/** A user as the management screen shows it (`/users`). */
export function presentManagedUser(row: UserRow): ManagedUser {
  const { config: _config, avatar: _avatar, ...user } = presentUser(row);
  return { ...user, createdAt: row.createdAt.toISOString() };
}

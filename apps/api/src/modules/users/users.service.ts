import crypto from 'node:crypto';
import type { UserStatus } from '@portal/domain/auth';
import type { UserLogAction } from '@portal/domain/user-log';
import {
  permissionsForRoles,
  WORKING_STATUSES,
  type CreatedUser,
  type CreateUserBody,
  type ManagedUser,
  type PasswordResetResult,
  type UpdateUserBody,
  type UserList,
  type UserListQuery,
} from '@portal/domain/users';
import type { Db } from '../../platform/db';
import type { UserRow } from './users.schema';
import { AppError } from '../../platform/errors';
import type { RequestContext } from '../../platform/request-context';
import type { PasswordHasher } from './password';
import { actorOf, recordUserAction } from './user-log';
import { canManageUsers, userScope } from './users.policy';
import { presentManagedUser } from './users.presenter';
import {
  countOtherWorkingSuperUsers,
  DELETED_STATUS,
  findAgencyUser,
  insertUser,
  listAgencyUsers,
  updateUser,
  usernameExists,
} from './users.repo';

export interface UsersDeps {
  db: Db;
  hasher: PasswordHasher;
  /**
   * Locks the agency's row for the rest of `tx` (the agencies module's, registered in `app.ts`):
   * user changes of one agency run one at a time, so two SuperUsers cannot disable each other at
   * once and leave none.
   */
  lockAgency(tx: Db, agencyId: number): Promise<void>;
  /** Ends every live session of the user in `tx` (the auth module's, registered in `app.ts`). */
  revokeSessions(tx: Db, userId: number, reason: string): Promise<void>;
  /** Drops the user's cached sessions in this instance, so the next call reads the new state. */
  forgetUser(userId: number): void;
}

/** Who called and from where: for the user log. */
export interface CallInfo {
  ip: string | null;
  userAgent: string | null;
  method: string;
  route: string;
}

/** Letters and digits that cannot be mistaken for one another when read aloud or copied. */
const PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
const GENERATED_PASSWORD_LENGTH = 12;

/** A random temporary password (12 characters, inside the 6-15 rule). */
export function generatePassword(): string {
  let text = '';
  for (let i = 0; i < GENERATED_PASSWORD_LENGTH; i += 1) {
    text += PASSWORD_ALPHABET[crypto.randomInt(PASSWORD_ALPHABET.length)];
  }
  return text;
}

const isWorking = (status: string) => (WORKING_STATUSES as readonly string[]).includes(status);
const isWorkingSuperUser = (user: { roles: readonly string[]; status: string }) =>
  user.roles.includes('SuperUser') && isWorking(user.status);

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** User management of the caller's agency (`/base/v2/users`). */
export function createUsersService(deps: UsersDeps) {
  const { db, hasher } = deps;

  function log(
    tx: Db,
    ctx: RequestContext,
    call: CallInfo,
    action: UserLogAction,
    target: { id: number; username: string },
  ) {
    return recordUserAction(tx, {
      ...actorOf(ctx, call),
      action,
      method: call.method,
      route: call.route,
      target: target.id,
      targetKind: 'user',
      targetLabel: target.username,
    });
  }

  /** The agency's user `id`, locked against concurrent changes; 404 for any other id. */
  async function lockedTarget(tx: Db, ctx: RequestContext, id: number): Promise<UserRow> {
    const { agencyId } = userScope(ctx);
    await deps.lockAgency(tx, agencyId);
    const target = await findAgencyUser(tx, agencyId, id);
    if (!target) throw new AppError('NOT_FOUND');
    return target;
  }

  /** Refuses a change that leaves the agency without a working SuperUser. */
  async function keepOneSuperUser(
    tx: Db,
    before: UserRow,
    after: { roles: readonly string[]; status: string },
  ) {
    if (!isWorkingSuperUser(before) || isWorkingSuperUser(after)) return;
    if ((await countOtherWorkingSuperUsers(tx, before.agencyId, before.id)) === 0) {
      throw new AppError('LAST_SUPERUSER');
    }
  }

  /** Ends the user's sessions in the database and in this instance's cache. */
  function endSessions(tx: Db, userId: number, reason: string) {
    return deps.revokeSessions(tx, userId, reason);
  }

  return {
    async list(ctx: RequestContext, query: UserListQuery): Promise<UserList> {
      const { rows, total } = await listAgencyUsers(
        db,
        userScope(ctx).agencyId,
        query,
        query.page,
        query.pageSize,
      );
      return {
        list: rows.map(presentManagedUser),
        total,
        page: query.page,
        pageSize: query.pageSize,
        canManage: canManageUsers(ctx),
      };
    },

    async create(ctx: RequestContext, body: CreateUserBody, call: CallInfo): Promise<CreatedUser> {
      if (await usernameExists(db, body.username)) throw new AppError('USERNAME_TAKEN');
      const temporaryPassword = body.password === undefined ? generatePassword() : null;
      const passwordHash = await hasher.hash(body.password ?? temporaryPassword ?? '');
      try {
        const row = await db.transaction(async (tx) => {
          const created = await insertUser(tx, {
            agencyId: userScope(ctx).agencyId,
            username: body.username,
            nickname: body.nickname,
            email: body.email,
            mobileAreaCode: body.mobile?.areaCode ?? null,
            mobileNumber: body.mobile?.number ?? null,
            roles: body.roles,
            permissions: permissionsForRoles(body.roles),
            status: body.status,
            passwordHash,
            // A generated password is the user's only until their first sign-in.
            mustChangePassword: temporaryPassword !== null,
            config: body.mobile ? { defaultRegion: body.mobile.areaCode } : {},
          });
          await log(tx, ctx, call, 'user_create', created);
          return created;
        });
        return { user: presentManagedUser(row), temporaryPassword };
      } catch (error) {
        // Another request took the name between the check and the insert.
        if (isUniqueViolation(error)) throw new AppError('USERNAME_TAKEN');
        throw error;
      }
    },

    async update(
      ctx: RequestContext,
      id: number,
      body: UpdateUserBody,
      call: CallInfo,
    ): Promise<ManagedUser> {
      const row = await db.transaction(async (tx) => {
        const before = await lockedTarget(tx, ctx, id);
        const roles = body.roles ?? before.roles;
        const status: UserStatus | string = body.status ?? before.status;
        await keepOneSuperUser(tx, before, { roles, status });
        const set: Parameters<typeof updateUser>[2] = {};
        if (body.nickname !== undefined) set.nickname = body.nickname;
        if (body.mobile !== undefined) {
          set.mobileAreaCode = body.mobile?.areaCode ?? null;
          set.mobileNumber = body.mobile?.number ?? null;
        }
        if (body.roles !== undefined) {
          set.roles = body.roles;
          set.permissions = permissionsForRoles(body.roles);
        }
        if (body.status !== undefined) set.status = body.status;
        const after = Object.keys(set).length > 0 ? await updateUser(tx, id, set) : before;
        if (!after) throw new AppError('NOT_FOUND');
        // A user who may no longer sign in loses every session at once.
        if (isWorking(before.status) && !isWorking(after.status)) {
          await endSessions(tx, id, 'user_disabled');
        }
        await log(tx, ctx, call, 'user_update', before);
        return after;
      });
      deps.forgetUser(id);
      return presentManagedUser(row);
    },

    /** A new generated password, shown once; every session of the user ends. */
    async resetPassword(ctx: RequestContext, id: number, call: CallInfo): Promise<PasswordResetResult> {
      const temporaryPassword = generatePassword();
      const passwordHash = await hasher.hash(temporaryPassword);
      await db.transaction(async (tx) => {
        const target = await lockedTarget(tx, ctx, id);
        await updateUser(tx, id, { passwordHash, mustChangePassword: true });
        await endSessions(tx, id, 'password_reset');
        await log(tx, ctx, call, 'user_password_reset', target);
      });
      deps.forgetUser(id);
      return { temporaryPassword };
    },

    /**
     * Deletes the user: the row stays (orders, payments, sessions and the user log point at it)
     * with the status `deleted`, which never signs in, is never listed and answers 404. Its
     * sessions end at once. The username stays taken, so the log never names two people alike.
     */
    async remove(ctx: RequestContext, id: number, call: CallInfo): Promise<Record<string, never>> {
      if (id === ctx.user.id) {
        // Not found for another agency's id is decided below; one's own id is always in scope.
        throw new AppError('CANNOT_DELETE_SELF');
      }
      await db.transaction(async (tx) => {
        const before = await lockedTarget(tx, ctx, id);
        await keepOneSuperUser(tx, before, { roles: before.roles, status: DELETED_STATUS });
        await updateUser(tx, id, { status: DELETED_STATUS });
        await endSessions(tx, id, 'user_deleted');
        await log(tx, ctx, call, 'user_delete', before);
      });
      deps.forgetUser(id);
      return {};
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;

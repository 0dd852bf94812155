import type {
  AgencyListQuery,
  CreateAgencyBody,
  CreatedAgency,
  SubAgency,
  SubAgencyList,
  SuperAdminPasswordReset,
  UpdateAgencyBody,
} from '@portal/domain/agencies';
import { isCurrency } from '@portal/domain/currency';
import type { Db } from '../../platform/db';
import type { AgencyRow } from '../agencies/index';
import { AppError } from '../../platform/errors';
import type { FileStorage, StoredFile } from '../../platform/files';
import type { RequestContext } from '../../platform/request-context';
import type { PasswordHasher } from '../users/index';
import { generatePassword } from '../users/index';
import { revokeSessionsOfUsers, revokeUserSessions } from '../auth/index';
import { updateUser } from '../users/index';
import { emptyBalance, ensureAccounts, presentBalance } from '../wallet/index';
import { createAgency, subAgencyPlace } from '../agencies/index';
import { logoUrl, presentSubAgency } from '../agencies/index';
import { allowedParent, assertCanAgencies, assertCanReadLogo, managedAgency } from '../agencies/index';
import {
  childCounts,
  childrenOf,
  findAgencyById,
  listAgencies,
  lockAgency,
  markAgencyDeleted,
  superAdminsOf,
  updateAgency,
} from '../agencies/index';
import { hasOrders, lockWalletAccounts, walletAccountsOf } from './manage-agencies.repo';
import { prepareLogo } from '../agencies/index';

export interface AgenciesDeps {
  db: Db;
  hasher: PasswordHasher;
  /** Where logos are kept. */
  storage: FileStorage;
  /** Drops the user's cached sessions in this instance, so the next call reads the new state. */
  forgetUser(userId: number): void;
}

/** The most children a tree node lists; more are reached with `parentId` (`childrenCount` has all). */
export const MAX_CHILDREN_LISTED = 100;

/** A temporary password and its hash, made before any transaction opens (hashing is slow). */
export interface PreparedPassword {
  password: string;
  hash: string;
}

/**
 * The rows of `rows` presented with their wallets, child counts and super admins, read in bulk.
 * One read after another: `db` may be a transaction, whose one connection runs one query at a time.
 */
async function presentAll(db: Db, rows: AgencyRow[]): Promise<Map<number, SubAgency>> {
  const ids = rows.map((r) => r.id);
  const accounts = await walletAccountsOf(db, ids);
  const counts = await childCounts(db, ids);
  const admins = await superAdminsOf(db, ids);
  const presented = new Map<number, SubAgency>();
  for (const row of rows) {
    const currency = isCurrency(row.commonConfig.settlementCurrency)
      ? row.commonConfig.settlementCurrency
      : 'CNY';
    const account = accounts.find((a) => a.agencyId === row.id && a.currency === currency);
    const admin = admins.get(row.id);
    presented.set(
      row.id,
      presentSubAgency(row, {
        wallet: account ? presentBalance(account) : emptyBalance(currency),
        childrenCount: counts.get(row.id) ?? 0,
        superAdmin: admin ? { id: admin.id, username: admin.username } : null,
      }),
    );
  }
  return presented;
}

async function presentOne(db: Db, row: AgencyRow): Promise<SubAgency> {
  const one = (await presentAll(db, [row])).get(row.id);
  if (!one) throw new Error('agency not presented');
  return one;
}

/** Sub-agency management (`/base/v2/agencies`); every record check is in `agencies.policy.ts`. */
export function createAgenciesService(deps: AgenciesDeps) {
  const { db, hasher } = deps;

  return {
    /** The tree below the caller's agency (or below `parentId`, itself below it). */
    async list(ctx: RequestContext, query: AgencyListQuery): Promise<SubAgencyList> {
      assertCanAgencies(ctx, 'list');
      const rootId =
        query.parentId === undefined || query.parentId === ctx.agency.id
          ? ctx.agency.id
          : (await managedAgency(db, ctx, 'list', query.parentId)).id;
      const page = await listAgencies(db, rootId, query.keyword, query.page, query.pageSize);
      const children = await childrenOf(
        db,
        page.rows.map((r) => r.id),
        MAX_CHILDREN_LISTED,
      );
      const presented = await presentAll(db, [...page.rows, ...children]);
      const pick = (id: number): SubAgency => {
        const one = presented.get(id);
        if (!one) throw new Error('agency not presented');
        return one;
      };
      return {
        list: page.rows.map((row) => ({
          ...pick(row.id),
          children: children.filter((c) => c.parentId === row.id).map((c) => pick(c.id)),
        })),
        total: page.total,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    /** Checks what can be checked before the write: the caller, the parent. */
    async checkCreate(ctx: RequestContext, body: CreateAgencyBody): Promise<AgencyRow> {
      assertCanAgencies(ctx, 'create');
      return allowedParent(db, ctx, body.parentId);
    },

    /** A new temporary password with its hash (outside any transaction). */
    async preparePassword(): Promise<PreparedPassword> {
      const password = generatePassword();
      return { password, hash: await hasher.hash(password) };
    },

    /**
     * Creates the sub-agency in `tx` (see `createAgency`). The answer leaves the password out
     * (`null`): the route adds it to the first answer only, so it is never stored.
     */
    async create(
      tx: Db,
      parentId: number,
      body: CreateAgencyBody,
      prepared: PreparedPassword,
    ): Promise<CreatedAgency> {
      // The parent again, locked: it cannot be deleted while its child is created.
      const parent = await lockAgency(tx, parentId);
      if (!parent) throw new AppError('NOT_FOUND');
      const { agency, superAdmin } = await createAgency(tx, subAgencyPlace(parent), body, prepared.hash);
      await ensureAccounts(tx, agency.id, agency.commonConfig.settlementCurrency);
      return {
        agency: await presentOne(tx, agency),
        superAdmin: { id: superAdmin.id, username: superAdmin.username, temporaryPassword: null },
      };
    },

    /** PUT /base/v2/agencies/{id}: the editable fields, and the parent when it moves. */
    async update(ctx: RequestContext, id: number, body: UpdateAgencyBody): Promise<SubAgency> {
      await managedAgency(db, ctx, 'update', id);
      const moveTo = body.parentId === undefined ? undefined : await allowedParent(db, ctx, body.parentId);
      if (moveTo?.id === id) throw new AppError('PARENT_CANNOT_HAVE_SUB_AGENCIES');
      const row = await db.transaction(async (tx) => {
        const before = await lockAgency(tx, id);
        if (!before) throw new AppError('NOT_FOUND');
        const set: Parameters<typeof updateAgency>[2] = {
          name: body.name,
          alias: body.alias,
          advisor: body.advisor,
          allowedDomains: body.allowedDomains,
          profile: {
            ...before.profile,
            contactName: body.contactName,
            email: body.email,
            phone: body.phone,
            extraInfo: body.extraInfo,
          },
        };
        if (moveTo && moveTo.id !== before.parentId) {
          // Only a leaf moves: its sub-agencies' levels and funding parents would change with it.
          if ((await childrenOf(tx, [id], 1)).length > 0) throw new AppError('AGENCY_HAS_SUB_AGENCIES');
          const parent = await lockAgency(tx, moveTo.id);
          if (!parent) throw new AppError('NOT_FOUND');
          set.parentId = parent.id;
          set.proxyLevel = parent.proxyLevel + 1;
        }
        const after = await updateAgency(tx, id, set);
        if (!after) throw new AppError('NOT_FOUND');
        return after;
      });
      return presentOne(db, row);
    },

    /**
     * DELETE /base/v2/agencies/{id}: refused while the agency has sub-agencies, a balance, a credit
     * limit or orders; otherwise, in one transaction, the agency is marked deleted (the row stays:
     * ledger entries, the user log and notifications point at it) and its users are deleted with
     * their sessions ended.
     */
    async remove(ctx: RequestContext, id: number): Promise<Record<string, never>> {
      await managedAgency(db, ctx, 'delete', id);
      const userIds = await db.transaction(async (tx) => {
        const agency = await lockAgency(tx, id);
        if (!agency) throw new AppError('NOT_FOUND');
        if ((await childrenOf(tx, [id], 1)).length > 0) throw new AppError('AGENCY_HAS_SUB_AGENCIES');
        // Locked as the ledger locks them: no top-up or payment slips in before the deletion commits.
        const wallets = await lockWalletAccounts(tx, id);
        if (wallets.some((w) => w.balanceMinor !== 0)) throw new AppError('AGENCY_HAS_BALANCE');
        if (wallets.some((w) => w.creditLimitMinor > 0)) throw new AppError('AGENCY_HAS_CREDIT');
        if (await hasOrders(tx, id)) throw new AppError('AGENCY_HAS_ORDERS');
        const userIds = await markAgencyDeleted(tx, id);
        await revokeSessionsOfUsers(tx, userIds, 'agency_deleted');
        return userIds;
      });
      for (const userId of userIds) deps.forgetUser(userId);
      return {};
    },

    /**
     * POST /base/v2/agencies/{id}/superuser/password: a new temporary password for the agency's
     * super admin (its oldest SuperUser), shown once; it must be changed at the next login and
     * every session of that user ends at once.
     */
    async resetSuperAdminPassword(ctx: RequestContext, id: number): Promise<SuperAdminPasswordReset> {
      await managedAgency(db, ctx, 'resetSuperAdmin', id);
      const admin = (await superAdminsOf(db, [id])).get(id);
      if (!admin) throw new AppError('NOT_FOUND');
      const temporaryPassword = generatePassword();
      const passwordHash = await hasher.hash(temporaryPassword);
      await db.transaction(async (tx) => {
        await updateUser(tx, admin.id, { passwordHash, mustChangePassword: true });
        await revokeUserSessions(tx, admin.id, 'password_reset');
      });
      deps.forgetUser(admin.id);
      return { userId: admin.id, username: admin.username, temporaryPassword };
    },

    /** Refuses (before the body is read) a logo upload the caller may not make. */
    async checkLogo(ctx: RequestContext, id: number): Promise<void> {
      await managedAgency(db, ctx, 'logo', id);
    },

    /**
     * PUT /base/v2/agencies/{id}/logo: the checked and resized logo replaces the old one. The
     * file is written before the short transaction that points the agency at it; the old file
     * is removed after it commits (a failure leaves at most an unreferenced file).
     */
    async putLogo(ctx: RequestContext, id: number, upload: Buffer): Promise<SubAgency> {
      await managedAgency(db, ctx, 'logo', id);
      const logo = await prepareLogo(upload);
      const fileId = await deps.storage.put(logo.bytes, { contentType: 'image/png' });
      let saved: { row: AgencyRow; previous: string | null };
      try {
        saved = await db.transaction(async (tx) => {
          const before = await lockAgency(tx, id);
          if (!before) throw new AppError('NOT_FOUND');
          const after = await updateAgency(tx, id, { logoFile: fileId, logo: logoUrl(id, fileId) });
          if (!after) throw new AppError('NOT_FOUND');
          return { row: after, previous: before.logoFile };
        });
      } catch (error) {
        await deps.storage.remove(fileId);
        throw error;
      }
      if (saved.previous) await deps.storage.remove(saved.previous);
      return presentOne(db, saved.row);
    },

    /** GET /base/v2/agencies/{id}/logo: for the agency's users and the managers above it. */
    async readLogo(ctx: RequestContext, id: number): Promise<StoredFile> {
      await assertCanReadLogo(db, ctx, id);
      const agency = await findAgencyById(db, id);
      if (!agency?.logoFile || agency.deletedAt) throw new AppError('NOT_FOUND');
      const file = await deps.storage.get(agency.logoFile);
      if (!file) throw new AppError('NOT_FOUND');
      return file;
    },
  };
}

export type AgenciesService = ReturnType<typeof createAgenciesService>;

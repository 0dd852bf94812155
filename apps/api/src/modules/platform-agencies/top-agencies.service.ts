import {
  LOOK_TO_BOOK_DAYS,
  type TopAgency,
  type TopAgencyList,
  type TopAgencyListQuery,
} from '@portal/domain/platform-agencies';
import { lookToBookRatio } from '@portal/domain/sub-agencies';
import { isCurrency } from '@portal/domain/currency';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { lockAgency, type AgencyRow } from '../agencies/index';
import { emptyBalance, presentBalance } from '../wallet/index';
import type { PlatformActor } from './platform-actor';
import {
  listTopAgencies,
  setTreeSuspension,
  treeLookToBook,
  treeUserIds,
  walletsOf,
} from './top-agencies.repo';

export interface TopAgenciesDeps {
  db: Db;
  now: () => Date;
  /** Drops the user's cached sessions in this instance, so a suspension shows at once here. */
  forgetUser(userId: number): void;
}

const DAY_MS = 86_400_000;

function settlementCurrencyOf(row: AgencyRow) {
  const c = row.commonConfig.settlementCurrency;
  return isCurrency(c) ? c : 'CNY';
}

/** The top-level agencies for the platform (`/platform/agencies`), and their suspension. */
export function createTopAgenciesService(deps: TopAgenciesDeps) {
  const { db } = deps;

  async function present(rows: { agency: AgencyRow; subAgencies: number }[]): Promise<TopAgency[]> {
    const ids = rows.map((r) => r.agency.id);
    const wallets = await walletsOf(db, ids);
    const fromDay = new Date(deps.now().getTime() - (LOOK_TO_BOOK_DAYS - 1) * DAY_MS)
      .toISOString()
      .slice(0, 10);
    const looks = await treeLookToBook(db, ids, fromDay);
    return rows.map(({ agency, subAgencies }) => {
      const currency = settlementCurrencyOf(agency);
      const account = wallets.find((w) => w.agencyId === agency.id && w.currency === currency);
      const look = looks.get(agency.id) ?? { searches: 0, bookings: 0 };
      return {
        id: agency.id,
        name: agency.name,
        partnerCode: agency.partnerCode,
        status: agency.suspendedAt ? 'suspended' : 'active',
        suspendedAt: agency.suspendedAt ? agency.suspendedAt.toISOString() : null,
        suspensionReason: agency.suspendedAt ? agency.suspensionReason : null,
        wallet: account ? presentBalance(account) : emptyBalance(currency),
        lookToBook: { ...look, ratio: lookToBookRatio(look.searches, look.bookings) },
        subAgencies,
        createdAt: agency.createdAt.toISOString(),
      };
    });
  }

  /** The live top-level agency `id`, locked for the transaction; a sub-agency is refused. */
  async function lockTop(tx: Db, id: number): Promise<AgencyRow> {
    const agency = await lockAgency(tx, id);
    if (!agency) throw new AppError('NOT_FOUND');
    if (agency.parentId !== null) throw new AppError('AGENCY_NOT_TOP_LEVEL');
    return agency;
  }

  async function presentOne(id: number): Promise<TopAgency> {
    const page = await listTopAgencies(db, { page: 1, pageSize: 1, ids: [id] });
    const [one] = await present(page.rows);
    if (!one) throw new AppError('NOT_FOUND');
    return one;
  }

  /** Drops the cached sessions of the tree's users, after the change committed. */
  async function forgetTree(id: number): Promise<void> {
    for (const userId of await treeUserIds(db, id)) deps.forgetUser(userId);
  }

  return {
    /** GET /platform/v2/agencies: by name, newest state, with wallet and look-to-book. */
    async list(query: TopAgencyListQuery): Promise<TopAgencyList> {
      const page = await listTopAgencies(db, query);
      return {
        list: await present(page.rows),
        total: page.total,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    /**
     * POST /platform/v2/agencies/{id}/suspension: the agency and every agency below it stop
     * working (no sign-in; sessions and API keys answer AGENCY_SUSPENDED) until resumed. Users,
     * sessions, keys, money and orders stay. Suspending a suspended agency changes nothing.
     */
    async suspend(actor: PlatformActor, id: number, reason: string): Promise<TopAgency> {
      await db.transaction(async (tx) => {
        const before = await lockTop(tx, id);
        if (before.suspendedAt) return;
        const at = deps.now();
        await setTreeSuspension(tx, id, { at, reason, by: actor.adminId });
        await actor.record(tx, {
          action: 'agency.suspend',
          targetType: 'agency',
          targetId: String(id),
          before: { status: 'active' },
          after: { status: 'suspended', suspendedAt: at.toISOString(), reason },
          note: reason,
        });
      });
      await forgetTree(id);
      return presentOne(id);
    },

    /** DELETE /platform/v2/agencies/{id}/suspension: the tree works again as before. */
    async resume(actor: PlatformActor, id: number): Promise<TopAgency> {
      await db.transaction(async (tx) => {
        const before = await lockTop(tx, id);
        if (!before.suspendedAt) return;
        await setTreeSuspension(tx, id, null);
        await actor.record(tx, {
          action: 'agency.resume',
          targetType: 'agency',
          targetId: String(id),
          before: {
            status: 'suspended',
            suspendedAt: before.suspendedAt.toISOString(),
            reason: before.suspensionReason,
          },
          after: { status: 'active' },
        });
      });
      await forgetTree(id);
      return presentOne(id);
    },
  };
}

export type TopAgenciesService = ReturnType<typeof createTopAgenciesService>;

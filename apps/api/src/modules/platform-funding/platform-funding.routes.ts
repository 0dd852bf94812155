import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as fundingApi from '@portal/domain/api/platform-funding';
import type { Approval, ApprovalListQuery } from '@portal/domain/platform-funding';
import type { Db } from '../../platform/db';
import { ok } from '../../platform/envelope';
import { AppError } from '../../platform/errors';
import { requirePlatform } from '../../platform/request-context';
import { fromContract } from '../../platform/route-contract';
import { recordPlatformAction } from '../platform-admin/index';
import { approveRequest, cancelRequest, rejectRequest } from './decide-approval';
import { isActiveAgency } from './fundable-agency';
import type { FundingDeps } from './funding-context';
import { presentApproval } from './platform-funding.presenter';
import { adminNames, findApproval, listApprovals, topLevelAgencies } from './platform-funding.repo';
import { requestCredit, requestFunding } from './request-money';

/** The request as `callerId` now reads it. */
async function answer(db: Db, id: string, callerId: number): Promise<Approval> {
  const row = await findApproval(db, id);
  if (!row) throw new AppError('APPROVAL_NOT_FOUND');
  return presentApproval(row, callerId, await adminNames(db, [row.requestedBy, row.decidedBy]));
}

async function page(db: Db, query: ApprovalListQuery, callerId: number) {
  const { rows, total } = await listApprovals(db, query);
  const names = await adminNames(
    db,
    rows.flatMap((r) => [r.requestedBy, r.decidedBy]),
  );
  return {
    list: rows.map((r) => presentApproval(r, callerId, names)),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/**
 * Four-eyes money of the platform (`platform:finance`): requests to fund a top-level agency or set
 * its credit limit, their list, and their approval (by another admin), rejection and cancellation.
 */
export async function platformFundingRoutes(fastify: FastifyInstance, { db }: { db: Db }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps: FundingDeps = { db, record: recordPlatformAction };
  const config = { access: 'platformFinance' } as const;

  app.route({
    ...fromContract(fundingApi.createFundingRequest),
    config,
    handler: async (request) => {
      const ctx = requirePlatform(request);
      const row = await requestFunding(deps, ctx, request.body);
      return ok(await answer(db, row.id, ctx.admin.id));
    },
  });

  app.route({
    ...fromContract(fundingApi.createCreditRequest),
    config,
    handler: async (request) => {
      const ctx = requirePlatform(request);
      const row = await requestCredit(deps, ctx, request.body);
      return ok(await answer(db, row.id, ctx.admin.id));
    },
  });

  app.route({
    ...fromContract(fundingApi.listApprovals),
    config,
    handler: async (request) => ok(await page(db, request.query, requirePlatform(request).admin.id)),
  });

  app.route({
    ...fromContract(fundingApi.approveRequest),
    config,
    handler: async (request) => {
      const ctx = requirePlatform(request);
      await approveRequest(deps, ctx, request.params.id);
      return ok(await answer(db, request.params.id, ctx.admin.id));
    },
  });

  app.route({
    ...fromContract(fundingApi.rejectRequest),
    config,
    handler: async (request) => {
      const ctx = requirePlatform(request);
      await rejectRequest(deps, ctx, request.params.id, request.body.reason);
      return ok(await answer(db, request.params.id, ctx.admin.id));
    },
  });

  app.route({
    ...fromContract(fundingApi.cancelRequest),
    config,
    handler: async (request) => {
      const ctx = requirePlatform(request);
      await cancelRequest(deps, ctx, request.params.id);
      return ok(await answer(db, request.params.id, ctx.admin.id));
    },
  });

  app.route({
    ...fromContract(fundingApi.listAgencyOptions),
    config,
    handler: async () =>
      ok(
        (await topLevelAgencies(db)).map((a) => ({
          id: a.id,
          name: a.name,
          settlementCurrency: a.commonConfig.settlementCurrency,
          active: isActiveAgency({ enabled: a.enabled, deletedAt: null, suspendedAt: a.suspendedAt }),
        })),
      ),
  });
}

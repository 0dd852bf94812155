import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as subAgenciesApi from '@portal/domain/api/sub-agencies';
import { fromContract } from '../../platform/route-contract';
import type { Db } from '../../platform/db';
import { sendFile, XLSX_TYPE } from '../../platform/download';
import { ok } from '../../platform/envelope';
import { localeOf } from '../../platform/i18n';
import { requireCtx } from '../../platform/request-context';
import { exportFileName } from '../wallet/index';
import type { LedgerOrders } from '../wallet/index';
import { createAgencyBills } from '../wallet/index';
import { subStatementsFileName, subStatementsWorkbook } from './sub-agencies.export';
import { subAgencyBalance, subAgencyOf, subLookToBook } from './sub-money';
import { allSubStatements, subStatementOfMonth, subStatements } from './sub-statements';

/**
 * The money of the caller's sub-agencies (`/base/v2/sub/*`): statements, balances and
 * look-to-book for an agency manager with finance access; one sub-agency's bills for an agency
 * manager with `agencybills:read`. Every id must be below the caller's agency (else 404).
 */
export async function subAgencyRoutes(
  fastify: FastifyInstance,
  { db, ledgerOrders }: { db: Db; ledgerOrders: LedgerOrders },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const bills = createAgencyBills(db, ledgerOrders);

  app.route({
    ...fromContract(subAgenciesApi.listSubStatements),
    config: { access: 'agencyManager' },
    handler: async (request) => {
      const ctx = requireCtx(request);
      return ok(await subStatements(db, ctx.agency.id, request.query));
    },
  });

  app.route({
    ...fromContract(subAgenciesApi.exportSubStatements),
    config: { access: 'agencyManager' },
    handler: async (request, reply) => {
      const ctx = requireCtx(request);
      const locale = localeOf(request);
      const file = await subStatementsWorkbook(
        locale,
        await allSubStatements(db, ctx.agency.id, request.body),
      );
      return sendFile(reply, file, { type: XLSX_TYPE, ...subStatementsFileName(locale, new Date()) });
    },
  });

  app.route({
    ...fromContract(subAgenciesApi.getSubStatement),
    config: { access: 'agencyManager' },
    handler: async (request) => {
      const ctx = requireCtx(request);
      return ok(await subStatementOfMonth(db, ctx.agency.id, request.params.a, request.params.b));
    },
  });

  app.route({
    ...fromContract(subAgenciesApi.getSubAgencyBalance),
    config: { access: 'agencyManager' },
    handler: async (request) => {
      const ctx = requireCtx(request);
      return ok(await subAgencyBalance(db, ctx.agency.id, request.params.id));
    },
  });

  app.route({
    ...fromContract(subAgenciesApi.getLookToBook),
    config: { access: 'agencyManager' },
    handler: async (request) => {
      const ctx = requireCtx(request);
      return ok(await subLookToBook(db, ctx.agency.id, request.query));
    },
  });

  app.route({
    ...fromContract(subAgenciesApi.listSubWalletEntries),
    config: { access: 'agencyBills' },
    handler: async (request) => {
      const ctx = requireCtx(request);
      const agency = await subAgencyOf(db, ctx.agency.id, request.params.id);
      return ok(await bills.entries(agency, request.query, ctx.company.timeZone));
    },
  });

  app.route({
    ...fromContract(subAgenciesApi.listSubTransactions),
    config: { access: 'agencyBills' },
    handler: async (request) => {
      const ctx = requireCtx(request);
      const agency = await subAgencyOf(db, ctx.agency.id, request.params.id);
      return ok(await bills.transactions(agency, request.query, ctx.company.timeZone));
    },
  });

  app.route({
    ...fromContract(subAgenciesApi.exportSubWalletEntries),
    config: { access: 'agencyBills' },
    handler: async (request, reply) => {
      const ctx = requireCtx(request);
      const agency = await subAgencyOf(db, ctx.agency.id, request.params.id);
      const locale = localeOf(request);
      const file = await bills.entriesExport(agency, request.body, ctx.company.timeZone, locale);
      return sendFile(reply, file, { type: XLSX_TYPE, ...exportFileName(locale, 'entriesFile', new Date()) });
    },
  });

  app.route({
    ...fromContract(subAgenciesApi.exportSubTransactions),
    config: { access: 'agencyBills' },
    handler: async (request, reply) => {
      const ctx = requireCtx(request);
      const agency = await subAgencyOf(db, ctx.agency.id, request.params.id);
      const locale = localeOf(request);
      const file = await bills.transactionsExport(agency, request.body, ctx.company.timeZone, locale);
      return sendFile(reply, file, {
        type: XLSX_TYPE,
        ...exportFileName(locale, 'transactionsFile', new Date()),
      });
    },
  });
}

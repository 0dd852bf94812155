import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  LookToBook,
  LookToBookQuery,
  SubAgencyBalance,
  SubAgencyIdParams,
  SubStatementDetail,
  SubStatementList,
  SubStatementParams,
  SubStatementQuery,
} from '@portal/domain/sub-agencies';
import { TransactionList, TransactionQuery, WalletEntryList, WalletEntryQuery } from '@portal/domain/wallet';
import type { Db } from '../../platform/db';
import { sendFile, XLSX_TYPE } from '../../platform/download';
import { ok } from '../../platform/envelope';
import { localeOf } from '../../platform/i18n';
import { requireCtx } from '../../platform/request-context';
import { FILE_RESPONSE, okResponse } from '../../platform/schema';
import { exportFileName } from '../wallet';
import type { LedgerOrders } from '../wallet';
import { createAgencyBills } from '../wallet';
import { subStatementsFileName, subStatementsWorkbook } from './sub-agencies.export';
import { subAgencyBalance, subAgencyOf, subLookToBook } from './sub-money';
import { allSubStatements, subStatementOfMonth, subStatements } from './sub-statements';

const tags = ['sub-agencies'];

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

  app.get(
    '/base/v2/sub/statements',
    {
      config: { access: 'agencyManager' },
      schema: { tags, querystring: SubStatementQuery, response: okResponse(SubStatementList) },
    },
    async (request) => {
      const ctx = requireCtx(request);
      return ok(await subStatements(db, ctx.agency.id, request.query));
    },
  );

  app.post(
    '/base/v2/sub/statements',
    {
      config: { access: 'agencyManager' },
      schema: { tags, body: SubStatementQuery, response: FILE_RESPONSE },
    },
    async (request, reply) => {
      const ctx = requireCtx(request);
      const locale = localeOf(request);
      const file = await subStatementsWorkbook(
        locale,
        await allSubStatements(db, ctx.agency.id, request.body),
      );
      return sendFile(reply, file, { type: XLSX_TYPE, ...subStatementsFileName(locale, new Date()) });
    },
  );

  app.get(
    '/base/v2/sub/statements/:a/:b',
    {
      config: { access: 'agencyManager' },
      schema: { tags, params: SubStatementParams, response: okResponse(SubStatementDetail) },
    },
    async (request) => {
      const ctx = requireCtx(request);
      return ok(await subStatementOfMonth(db, ctx.agency.id, request.params.a, request.params.b));
    },
  );

  app.get(
    '/base/v2/sub/balance/:id',
    {
      config: { access: 'agencyManager' },
      schema: { tags, params: SubAgencyIdParams, response: okResponse(SubAgencyBalance) },
    },
    async (request) => {
      const ctx = requireCtx(request);
      return ok(await subAgencyBalance(db, ctx.agency.id, request.params.id));
    },
  );

  app.get(
    '/base/v2/sub/look-to-book',
    {
      config: { access: 'agencyManager' },
      schema: { tags, querystring: LookToBookQuery, response: okResponse(LookToBook) },
    },
    async (request) => {
      const ctx = requireCtx(request);
      return ok(await subLookToBook(db, ctx.agency.id, request.query));
    },
  );

  app.get(
    '/base/v2/sub/bills/:id/entries',
    {
      config: { access: 'agencyBills' },
      schema: {
        tags,
        params: SubAgencyIdParams,
        querystring: WalletEntryQuery,
        response: okResponse(WalletEntryList),
      },
    },
    async (request) => {
      const ctx = requireCtx(request);
      const agency = await subAgencyOf(db, ctx.agency.id, request.params.id);
      return ok(await bills.entries(agency, request.query));
    },
  );

  app.get(
    '/base/v2/sub/bills/:id/transactions',
    {
      config: { access: 'agencyBills' },
      schema: {
        tags,
        params: SubAgencyIdParams,
        querystring: TransactionQuery,
        response: okResponse(TransactionList),
      },
    },
    async (request) => {
      const ctx = requireCtx(request);
      const agency = await subAgencyOf(db, ctx.agency.id, request.params.id);
      return ok(await bills.transactions(agency, request.query));
    },
  );

  app.post(
    '/base/v2/sub/bills/:id/entries/export',
    {
      config: { access: 'agencyBills' },
      schema: { tags, params: SubAgencyIdParams, body: WalletEntryQuery, response: FILE_RESPONSE },
    },
    async (request, reply) => {
      const ctx = requireCtx(request);
      const agency = await subAgencyOf(db, ctx.agency.id, request.params.id);
      const locale = localeOf(request);
      const file = await bills.entriesExport(agency, request.body, locale);
      return sendFile(reply, file, { type: XLSX_TYPE, ...exportFileName(locale, 'entriesFile', new Date()) });
    },
  );

  app.post(
    '/base/v2/sub/bills/:id/transactions/export',
    {
      config: { access: 'agencyBills' },
      schema: { tags, params: SubAgencyIdParams, body: TransactionQuery, response: FILE_RESPONSE },
    },
    async (request, reply) => {
      const ctx = requireCtx(request);
      const agency = await subAgencyOf(db, ctx.agency.id, request.params.id);
      const locale = localeOf(request);
      const file = await bills.transactionsExport(agency, request.body, locale);
      return sendFile(reply, file, {
        type: XLSX_TYPE,
        ...exportFileName(locale, 'transactionsFile', new Date()),
      });
    },
  );
}

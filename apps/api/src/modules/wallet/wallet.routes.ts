import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CreditLimitBody,
  StatementQuery,
  TopUpBody,
  TransactionList,
  TransactionQuery,
  WalletBalance,
  WalletChange,
  WalletEntryList,
  WalletEntryQuery,
  WalletStatement,
} from '@portal/domain/wallet';
import type { Database } from '../../platform/db';
import { sendFile, XLSX_TYPE } from '../../platform/download';
import { ok } from '../../platform/envelope';
import { localeOf } from '../../platform/i18n';
import { withIdempotency } from '../../platform/idempotency';
import { requireCtx } from '../../platform/request-context';
import { envelope, FILE_RESPONSE, okResponse } from '../../platform/schema';
import { exportFileName, statementsWorkbook } from './wallet.export';
import type { LedgerOrders } from './ledger-orders';
import { createWalletService } from './wallet.service';
import { walletStatements } from './wallet.statements';

/** `{id}` of an agency: a positive PostgreSQL integer. */
const AgencyIdParams = z.strictObject({ id: z.coerce.number().int().positive().max(2_147_483_647) });

const tags = ['wallet'];

/**
 * The answer of a top-up or credit change. `withIdempotency` may replay a stored answer (typed
 * unknown); reading it through this schema narrows it (it is this route's own earlier answer).
 */
const WalletChangeAnswer = envelope(WalletChange);

export interface WalletRoutesOptions {
  database: Database;
  /** The order kinds whose booking numbers the entry lists show and filter by. */
  ledgerOrders: LedgerOrders;
}

/** Wallet balances, entries and transactions; top-up and credit limit of managed agencies. */
export async function walletRoutes(
  fastify: FastifyInstance,
  { database, ledgerOrders }: WalletRoutesOptions,
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = database;
  const wallet = createWalletService(db, ledgerOrders);

  app.get(
    '/base/v2/wallet/balances',
    { config: { access: 'finance' }, schema: { tags, response: okResponse(z.array(WalletBalance)) } },
    async (request) => {
      const ctx = requireCtx(request);
      return ok(await wallet.balances(ctx));
    },
  );

  app.get(
    '/base/v2/wallet/entries',
    {
      config: { access: 'finance' },
      schema: { tags, querystring: WalletEntryQuery, response: okResponse(WalletEntryList) },
    },
    async (request) => {
      const ctx = requireCtx(request);
      return ok(await wallet.entries(ctx, request.query));
    },
  );

  app.get(
    '/base/v2/wallet/transactions',
    {
      config: { access: 'finance' },
      schema: { tags, querystring: TransactionQuery, response: okResponse(TransactionList) },
    },
    async (request) => {
      const ctx = requireCtx(request);
      return ok(await wallet.transactions(ctx, request.query));
    },
  );

  app.post(
    '/base/v2/wallet/entries/export',
    { config: { access: 'finance' }, schema: { tags, body: WalletEntryQuery, response: FILE_RESPONSE } },
    async (request, reply) => {
      const ctx = requireCtx(request);
      const locale = localeOf(request);
      const file = await wallet.entriesExport(ctx, request.body, locale);
      return sendFile(reply, file, { type: XLSX_TYPE, ...exportFileName(locale, 'entriesFile', new Date()) });
    },
  );

  app.post(
    '/base/v2/wallet/transactions/export',
    { config: { access: 'finance' }, schema: { tags, body: TransactionQuery, response: FILE_RESPONSE } },
    async (request, reply) => {
      const ctx = requireCtx(request);
      const locale = localeOf(request);
      const file = await wallet.transactionsExport(ctx, request.body, locale);
      return sendFile(reply, file, {
        type: XLSX_TYPE,
        ...exportFileName(locale, 'transactionsFile', new Date()),
      });
    },
  );

  app.get(
    '/base/v2/wallet/statements',
    {
      config: { access: 'finance' },
      schema: { tags, querystring: StatementQuery, response: okResponse(z.array(WalletStatement)) },
    },
    async (request) => {
      const ctx = requireCtx(request);
      return ok(await walletStatements(db, ctx.agency.id, request.query));
    },
  );

  app.post(
    '/base/v2/wallet/statements/export',
    { config: { access: 'finance' }, schema: { tags, body: StatementQuery, response: FILE_RESPONSE } },
    async (request, reply) => {
      const ctx = requireCtx(request);
      const locale = localeOf(request);
      const statements = await walletStatements(db, ctx.agency.id, request.body);
      const file = await statementsWorkbook(locale, statements);
      return sendFile(reply, file, {
        type: XLSX_TYPE,
        ...exportFileName(locale, 'statementsFile', new Date()),
      });
    },
  );

  app.post(
    '/base/v2/agencies/:id/balance',
    {
      config: { access: 'agencyManager' },
      schema: { tags, params: AgencyIdParams, body: TopUpBody, response: { 200: WalletChangeAnswer } },
    },
    async (request, reply) => {
      const ctx = requireCtx(request);
      const agency = await wallet.checkTopUp(ctx, request.params.id, request.body);
      const answer = await withIdempotency(db, request, reply, async (tx) =>
        ok(await wallet.topUpAgency(tx, ctx, agency, request.body)),
      );
      return WalletChangeAnswer.parse(answer);
    },
  );

  app.put(
    '/base/v2/agencies/:id/credit',
    {
      config: { access: 'agencyManager' },
      schema: { tags, params: AgencyIdParams, body: CreditLimitBody, response: { 200: WalletChangeAnswer } },
    },
    async (request, reply) => {
      const ctx = requireCtx(request);
      const agency = await wallet.checkCreditChange(ctx, request.params.id, request.body);
      const answer = await withIdempotency(db, request, reply, async (tx) =>
        ok(await wallet.setAgencyCredit(tx, ctx, agency, request.body)),
      );
      return WalletChangeAnswer.parse(answer);
    },
  );
}

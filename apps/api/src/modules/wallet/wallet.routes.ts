import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as walletApi from '@portal/domain/api/wallet';
import { fromContract } from '../../platform/route-contract';
import { WalletChange } from '@portal/domain/wallet';
import type { Database } from '../../platform/db';
import { sendFile, XLSX_TYPE } from '../../platform/download';
import { ok } from '../../platform/envelope';
import { localeOf } from '../../platform/i18n';
import { withIdempotency } from '../../platform/idempotency';
import { requireCtx } from '../../platform/request-context';
import { envelope, projectingSerializerCompiler } from '../../platform/schema';
import { exportFileName, statementsWorkbook } from './wallet.export';
import type { LedgerOrders } from './ledger-orders';
import { createWalletService } from './wallet.service';
import { walletStatements } from './wallet.statements';

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

  app.route({
    ...fromContract(walletApi.listWalletBalances),
    config: { access: 'finance' },
    handler: async (request) => {
      const ctx = requireCtx(request);
      return ok(await wallet.balances(ctx));
    },
  });

  // The same balances for whoever pays orders with them: the confirmation of a balance payment
  // shows the balance before and after and the credit it uses (operators have no finance access).
  app.route({
    ...fromContract(walletApi.listPaymentBalances),
    config: { access: 'ticket' },
    handler: async (request) => {
      const ctx = requireCtx(request);
      return ok(await wallet.balances(ctx));
    },
  });

  app.route({
    ...fromContract(walletApi.listWalletEntries),
    config: { access: 'finance' },
    // Written by the schema's compiled serializer, not checked again by zod (the order list's way).
    serializerCompiler: projectingSerializerCompiler,
    handler: async (request) => {
      const ctx = requireCtx(request);
      return ok(await wallet.entries(ctx, request.query));
    },
  });

  app.route({
    ...fromContract(walletApi.listTransactions),
    config: { access: 'finance' },
    // Written by the schema's compiled serializer, not checked again by zod (the order list's way).
    serializerCompiler: projectingSerializerCompiler,
    handler: async (request) => {
      const ctx = requireCtx(request);
      return ok(await wallet.transactions(ctx, request.query));
    },
  });

  app.route({
    ...fromContract(walletApi.exportWalletEntries),
    config: { access: 'finance' },
    handler: async (request, reply) => {
      const ctx = requireCtx(request);
      const locale = localeOf(request);
      const file = await wallet.entriesExport(ctx, request.body, locale);
      return sendFile(reply, file, { type: XLSX_TYPE, ...exportFileName(locale, 'entriesFile', new Date()) });
    },
  });

  app.route({
    ...fromContract(walletApi.exportTransactions),
    config: { access: 'finance' },
    handler: async (request, reply) => {
      const ctx = requireCtx(request);
      const locale = localeOf(request);
      const file = await wallet.transactionsExport(ctx, request.body, locale);
      return sendFile(reply, file, {
        type: XLSX_TYPE,
        ...exportFileName(locale, 'transactionsFile', new Date()),
      });
    },
  });

  app.route({
    ...fromContract(walletApi.listWalletStatements),
    config: { access: 'finance' },
    // Written by the schema's compiled serializer, not checked again by zod (the order list's way).
    serializerCompiler: projectingSerializerCompiler,
    handler: async (request) => {
      const ctx = requireCtx(request);
      return ok(await walletStatements(db, ctx.agency, request.query));
    },
  });

  app.route({
    ...fromContract(walletApi.exportWalletStatements),
    config: { access: 'finance' },
    handler: async (request, reply) => {
      const ctx = requireCtx(request);
      const locale = localeOf(request);
      const statements = await walletStatements(db, ctx.agency, request.body);
      const file = await statementsWorkbook(locale, statements);
      return sendFile(reply, file, {
        type: XLSX_TYPE,
        ...exportFileName(locale, 'statementsFile', new Date()),
      });
    },
  });

  app.route({
    ...fromContract(walletApi.topUpAgency),
    config: { access: 'agencyManager' },
    handler: async (request, reply) => {
      const ctx = requireCtx(request);
      const agency = await wallet.checkTopUp(ctx, request.params.id, request.body);
      const answer = await withIdempotency(db, request, reply, async (tx) =>
        ok(await wallet.topUpAgency(tx, ctx, agency, request.body)),
      );
      return WalletChangeAnswer.parse(answer);
    },
  });

  app.route({
    ...fromContract(walletApi.setCreditLimit),
    config: { access: 'agencyManager' },
    handler: async (request, reply) => {
      const ctx = requireCtx(request);
      const agency = await wallet.checkCreditChange(ctx, request.params.id, request.body);
      const answer = await withIdempotency(db, request, reply, async (tx) =>
        ok(await wallet.setAgencyCredit(tx, ctx, agency, request.body)),
      );
      return WalletChangeAnswer.parse(answer);
    },
  });
}

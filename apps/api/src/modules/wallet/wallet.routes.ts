import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  CreditLimitBody,
  StatementQuery,
  TopUpBody,
  TransactionQuery,
  WalletEntryQuery,
} from '@portal/domain/wallet';
import type { Database } from '../../platform/db';
import { sendFile, XLSX_TYPE } from '../../platform/download';
import { ok } from '../../platform/envelope';
import { parse } from '../../platform/errors';
import { localeOf } from '../../platform/i18n';
import { withIdempotency } from '../../platform/idempotency';
import { requireCtx } from '../../platform/request-context';
import { exportFileName, statementsWorkbook } from './wallet.export';
import { assertCanManageWallets, assertCanReadWallet } from './wallet.policy';
import { createWalletService } from './wallet.service';
import { walletStatements } from './wallet.statements';

const AgencyIdParam = z.object({ id: z.coerce.number().int().positive() });

export interface WalletRoutesOptions {
  database: Database;
}

/** Wallet balances, entries and transactions; top-up and credit limit of managed agencies. */
export async function walletRoutes(app: FastifyInstance, { database }: WalletRoutesOptions) {
  const { db } = database;
  const wallet = createWalletService(db);

  app.get('/base/v2/wallet/balances', async (request) => {
    const ctx = requireCtx(request);
    assertCanReadWallet(ctx);
    return ok(await wallet.balances(ctx));
  });

  app.get('/base/v2/wallet/entries', async (request) => {
    const ctx = requireCtx(request);
    assertCanReadWallet(ctx);
    return ok(await wallet.entries(ctx, parse(WalletEntryQuery, request.query)));
  });

  app.get('/base/v2/wallet/transactions', async (request) => {
    const ctx = requireCtx(request);
    assertCanReadWallet(ctx);
    return ok(await wallet.transactions(ctx, parse(TransactionQuery, request.query)));
  });

  app.post('/base/v2/wallet/entries/export', async (request, reply) => {
    const ctx = requireCtx(request);
    assertCanReadWallet(ctx);
    const locale = localeOf(request);
    const file = await wallet.entriesExport(ctx, parse(WalletEntryQuery, request.body ?? {}), locale);
    return sendFile(reply, file, { type: XLSX_TYPE, ...exportFileName(locale, 'entriesFile', new Date()) });
  });

  app.post('/base/v2/wallet/transactions/export', async (request, reply) => {
    const ctx = requireCtx(request);
    assertCanReadWallet(ctx);
    const locale = localeOf(request);
    const file = await wallet.transactionsExport(ctx, parse(TransactionQuery, request.body ?? {}), locale);
    return sendFile(reply, file, {
      type: XLSX_TYPE,
      ...exportFileName(locale, 'transactionsFile', new Date()),
    });
  });

  app.get('/base/v2/wallet/statements', async (request) => {
    const ctx = requireCtx(request);
    assertCanReadWallet(ctx);
    return ok(await walletStatements(db, ctx.agency.id, parse(StatementQuery, request.query)));
  });

  app.post('/base/v2/wallet/statements/export', async (request, reply) => {
    const ctx = requireCtx(request);
    assertCanReadWallet(ctx);
    const locale = localeOf(request);
    const statements = await walletStatements(db, ctx.agency.id, parse(StatementQuery, request.body ?? {}));
    const file = await statementsWorkbook(locale, statements);
    return sendFile(reply, file, {
      type: XLSX_TYPE,
      ...exportFileName(locale, 'statementsFile', new Date()),
    });
  });

  app.post('/base/v2/agencies/:id/balance', async (request, reply) => {
    const ctx = requireCtx(request);
    assertCanManageWallets(ctx);
    const { id } = parse(AgencyIdParam, request.params);
    const body = parse(TopUpBody, request.body);
    return withIdempotency(db, request, reply, async (tx) => ok(await wallet.topUpAgency(tx, ctx, id, body)));
  });

  app.put('/base/v2/agencies/:id/credit', async (request, reply) => {
    const ctx = requireCtx(request);
    assertCanManageWallets(ctx);
    const { id } = parse(AgencyIdParam, request.params);
    const body = parse(CreditLimitBody, request.body);
    return withIdempotency(db, request, reply, async (tx) =>
      ok(await wallet.setAgencyCredit(tx, ctx, id, body)),
    );
  });
}

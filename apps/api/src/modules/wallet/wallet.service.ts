import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { RequestContext } from '../../platform/request-context';
import { percentOf, toMinor } from './money';
import { setCreditLimit } from './set-credit-limit';
import { topUp } from './top-up';
import {
  emptyBalance,
  presentBalance,
  presentEntry,
  presentTransaction,
  type TransactionRowJson,
  type WalletBalanceJson,
  type WalletEntryJson,
} from './wallet.presenter';
import { findManagedAgency, listEntryLines, walletAccounts } from './wallet.repo';
import type { CreditLimitBody, TopUpBody, WalletListQuery } from './wallet.schemas';

/** A page of a list (api-conventions). */
export interface Page<T> {
  list: T[];
  total: number;
  page: number;
  pageSize: number;
}

/** The result of a top-up or credit change: the entry and the wallet as it now is. */
export interface WalletChangeResult {
  entryId: string;
  agencyId: number;
  wallet: WalletBalanceJson;
}

async function balanceIn(db: Db, agencyId: number, currency: string): Promise<WalletBalanceJson> {
  const account = (await walletAccounts(db, agencyId)).find((a) => a.currency === currency);
  return account ? presentBalance(account) : emptyBalance(currency, new Date());
}

async function managedAgency(tx: Db, ctx: RequestContext, agencyId: number) {
  const agency = await findManagedAgency(tx, ctx.agency.id, agencyId);
  // Another agency's existence is not disclosed: unrelated ids are "not found".
  if (!agency) throw new AppError('NOT_FOUND');
  return agency;
}

/** Wallet reads of the caller's agency and wallet writes of an agency manager. */
export function createWalletService(db: Db) {
  return {
    /** Balances per currency; the settlement currency is listed even before the first entry. */
    async balances(ctx: RequestContext): Promise<WalletBalanceJson[]> {
      const accounts = await walletAccounts(db, ctx.agency.id);
      const list = accounts.map(presentBalance);
      const settlement = ctx.company.config.commonConfig.settlementCurrency;
      if (!list.some((b) => b.currency === settlement)) list.unshift(emptyBalance(settlement, new Date()));
      return list;
    },

    /** Wallet entries: journal entries that change the caller's agency wallet. */
    async entries(ctx: RequestContext, query: WalletListQuery): Promise<Page<WalletEntryJson>> {
      const { list, total } = await listEntryLines(db, ctx.agency.id, ['agency_wallet'], query);
      return { list: list.map(presentEntry), total, page: query.page, pageSize: query.pageSize };
    },

    /** Transactions: entries that move the agency's money (wallet or outside channels). */
    async transactions(ctx: RequestContext, query: WalletListQuery): Promise<Page<TransactionRowJson>> {
      const kinds = ['agency_wallet', 'platform_receivable'] as const;
      const { list, total } = await listEntryLines(db, ctx.agency.id, [...kinds], query);
      return { list: list.map(presentTransaction), total, page: query.page, pageSize: query.pageSize };
    },

    /** Tops up the wallet of the caller's agency or one of its direct sub-agencies, in `tx`. */
    async topUpAgency(
      tx: Db,
      ctx: RequestContext,
      agencyId: number,
      body: TopUpBody,
    ): Promise<WalletChangeResult> {
      await managedAgency(tx, ctx, agencyId);
      const amountMinor = toMinor(body.amount, body.currency);
      if (amountMinor <= 0) throw new AppError('ILLEGAL_INPUT');
      const entryId = await topUp(tx, {
        agencyId,
        currency: body.currency,
        amountMinor,
        reference: body.referenceNumber,
        createdBy: ctx.user.id,
        meta: {
          exchangeRate: body.exchangeRate,
          transactionFeePercent: body.transactionFeePercent ?? '0',
          handlingFeeMinor: percentOf(amountMinor, body.transactionFeePercent ?? '0'),
          amountReceived: body.amountReceived ?? body.amount,
          sendEmail: body.sendEmail ?? false,
        },
      });
      return { entryId: String(entryId), agencyId, wallet: await balanceIn(tx, agencyId, body.currency) };
    },

    /** Sets the credit limit of the caller's agency or a direct sub-agency, in `tx`. */
    async setAgencyCredit(
      tx: Db,
      ctx: RequestContext,
      agencyId: number,
      body: CreditLimitBody,
    ): Promise<WalletChangeResult> {
      const agency = await managedAgency(tx, ctx, agencyId);
      const currency = body.currency ?? agency.commonConfig.settlementCurrency;
      const entryId = await setCreditLimit(tx, {
        agencyId,
        currency,
        creditLimitMinor: toMinor(body.credit, currency),
        createdBy: ctx.user.id,
      });
      return { entryId: String(entryId), agencyId, wallet: await balanceIn(tx, agencyId, currency) };
    },
  };
}

export type WalletService = ReturnType<typeof createWalletService>;

import type { Currency } from '@portal/domain/currency';
import type {
  CreditLimitBody,
  TopUpBody,
  TransactionList,
  TransactionQuery,
  WalletBalance,
  WalletChange,
  WalletEntryList,
  WalletEntryQuery,
} from '@portal/domain/wallet';
import type { Locale } from '@portal/domain/locale';
import { minorDigits } from '@portal/domain/currency-conversion';
import { topUpAboveReceived } from '@portal/domain/top-up';
import type { LedgerOrders } from './ledger-orders';
import type { Db } from '../../platform/db';
import type { AgencyRow } from '../agencies/index';
import { AppError } from '../../platform/errors';
import type { RequestContext } from '../../platform/request-context';
import { notifyAgencyEvent } from '../notifications/index';
import { assertWithinRequestMaximum, fromMinor, percentOf, toMinor } from './money';
import { setCreditLimit } from './set-credit-limit';
import { transfer } from './transfer';
import { emptyBalance, presentBalance, presentEntry, presentTransaction } from './wallet.presenter';
import { EXPORT_ROW_CAP, entriesWorkbook, transactionsWorkbook } from './wallet.export';
import { assertCanFundAgency } from './wallet.policy';
import { findAgency, holdLiveAgency, listEntryLines, walletAccounts, type EntryLine } from './wallet.repo';
import { isUuid } from '@portal/domain/text-checks';

/** The agency's wallets per currency; `settlement` is listed even before the first entry. */
export async function agencyBalances(
  db: Db,
  agencyId: number,
  settlement: Currency,
): Promise<WalletBalance[]> {
  const list = (await walletAccounts(db, agencyId)).map(presentBalance);
  if (!list.some((b) => b.currency === settlement)) list.unshift(emptyBalance(settlement));
  return list;
}

async function balanceIn(db: Db, agencyId: number, currency: Currency): Promise<WalletBalance> {
  const account = (await walletAccounts(db, agencyId)).find((a) => a.currency === currency);
  return account ? presentBalance(account) : emptyBalance(currency);
}

/** The agency `agencyId` if the wallet policy lets the caller fund it, else 403/404. */
async function fundableAgency(db: Db, ctx: RequestContext, agencyId: number): Promise<AgencyRow> {
  const agency = await findAgency(db, agencyId);
  assertCanFundAgency(ctx, agency);
  return agency;
}

/**
 * In the transaction that funds `agency`: holds it against a deletion that began after the policy
 * read it (404 if that deletion committed first), so a deleted agency's wallet stays empty.
 */
async function holdFundable(tx: Db, agency: AgencyRow): Promise<void> {
  if (!(await holdLiveAgency(tx, agency.id))) throw new AppError('NOT_FOUND');
}

/** A percent given as a JSON number, as the decimal string the fee arithmetic takes. */
function percentText(percent: number | undefined): string {
  return percent === undefined ? '0' : String(percent);
}

/** With the agency's `showInvoiceTypeInExcel`: the fare's invoice type of each line's flight order. */
async function invoiceTypesOfLines(db: Db, orders: LedgerOrders, agency: BillsAgency, lines: EntryLine[]) {
  if (agency.commonConfig.showInvoiceTypeInExcel !== true) return undefined;
  const ids = new Set(lines.flatMap((l) => (l.orderId && isUuid(l.orderId) ? [l.orderId] : [])));
  return orders.invoiceTypes(db, agency.id, [...ids]);
}

/** The agency whose bills are read: its id and its settings (the invoice-type column). */
export type BillsAgency = Pick<AgencyRow, 'id' | 'commonConfig'>;

const TRANSACTION_ACCOUNTS: ('agency_wallet' | 'platform_receivable')[] = [
  'agency_wallet',
  'platform_receivable',
];

/** Lines of the agency's transactions (read `withBalance`) as rows, each with the wallet balance after it. */
function transactionRows(lines: EntryLine[]) {
  return lines.map((line) => presentTransaction(line, line.balanceAfterMinor ?? 0));
}

/**
 * The wallet entries, transactions and their exports of one agency (the caller's own, or a
 * sub-agency whose bills an agency manager reads: the caller checks who may read them). The date
 * filters are calendar days of `timeZone`, the zone of the agency whose screen it is (the
 * signed-in one, also when it reads a sub-agency's bills).
 */
export function createAgencyBills(db: Db, orders: LedgerOrders) {
  return {
    /** Wallet entries: journal entries that change the agency's wallet. */
    async entries(agency: BillsAgency, query: WalletEntryQuery, timeZone: string): Promise<WalletEntryList> {
      const { list, ...counted } = await listEntryLines(db, orders, agency.id, ['agency_wallet'], {
        ...query,
        timeZone,
        paymentType: query.type,
        direction: query.sort === 'paymentTime' ? 'asc' : 'desc',
      });
      return { list: list.map(presentEntry), ...counted, page: query.page, pageSize: query.pageSize };
    },

    /** Transactions: entries that move the agency's money (wallet or outside channels). */
    async transactions(
      agency: BillsAgency,
      query: TransactionQuery,
      timeZone: string,
    ): Promise<TransactionList> {
      const { list, ...counted } = await listEntryLines(
        db,
        orders,
        agency.id,
        TRANSACTION_ACCOUNTS,
        { ...query, timeZone, direction: query.sort.startsWith('-') ? 'desc' : 'asc' },
        true,
      );
      return { list: transactionRows(list), ...counted, page: query.page, pageSize: query.pageSize };
    },

    /** Every wallet entry of `query`'s filters (up to EXPORT_ROW_CAP) as an .xlsx file. */
    async entriesExport(
      agency: BillsAgency,
      query: WalletEntryQuery,
      timeZone: string,
      locale: Locale,
    ): Promise<Buffer> {
      const { list } = await listEntryLines(db, orders, agency.id, ['agency_wallet'], {
        ...query,
        timeZone,
        page: 1,
        pageSize: EXPORT_ROW_CAP,
        after: undefined,
        paymentType: query.type,
        direction: query.sort === 'paymentTime' ? 'asc' : 'desc',
      });
      return entriesWorkbook(locale, list, await invoiceTypesOfLines(db, orders, agency, list));
    },

    /** Every transaction of `query`'s filters (up to EXPORT_ROW_CAP) as an .xlsx file. */
    async transactionsExport(
      agency: BillsAgency,
      query: TransactionQuery,
      timeZone: string,
      locale: Locale,
    ): Promise<Buffer> {
      const { list } = await listEntryLines(
        db,
        orders,
        agency.id,
        TRANSACTION_ACCOUNTS,
        {
          ...query,
          timeZone,
          page: 1,
          pageSize: EXPORT_ROW_CAP,
          after: undefined,
          direction: query.sort.startsWith('-') ? 'desc' : 'asc',
        },
        true,
      );
      return transactionsWorkbook(
        locale,
        transactionRows(list),
        await invoiceTypesOfLines(db, orders, agency, list),
      );
    },
  };
}

/** Wallet reads of the caller's agency and wallet writes of an agency manager. */
export function createWalletService(db: Db, orders: LedgerOrders) {
  const bills = createAgencyBills(db, orders);
  return {
    /** Balances per currency; the settlement currency is listed even before the first entry. */
    async balances(ctx: RequestContext): Promise<WalletBalance[]> {
      return agencyBalances(db, ctx.agency.id, ctx.company.config.commonConfig.settlementCurrency);
    },

    /** Wallet entries: journal entries that change the caller's agency wallet. */
    entries: (ctx: RequestContext, query: WalletEntryQuery) =>
      bills.entries(ctx.agency, query, ctx.company.timeZone),

    /** Transactions: entries that move the agency's money (wallet or outside channels). */
    transactions: (ctx: RequestContext, query: TransactionQuery) =>
      bills.transactions(ctx.agency, query, ctx.company.timeZone),

    /** Every wallet entry of `query`'s filters (up to EXPORT_ROW_CAP) as an .xlsx file. */
    entriesExport: (ctx: RequestContext, query: WalletEntryQuery, locale: Locale) =>
      bills.entriesExport(ctx.agency, query, ctx.company.timeZone, locale),

    /** Every transaction of `query`'s filters (up to EXPORT_ROW_CAP) as an .xlsx file. */
    transactionsExport: (ctx: RequestContext, query: TransactionQuery, locale: Locale) =>
      bills.transactionsExport(ctx.agency, query, ctx.company.timeZone, locale),

    /**
     * The checks of a top-up that need no write, run before the request's idempotency key or
     * anything else is written: the wallet policy (403/404), the per-request maximum (400) and an
     * amount above what was received less the fee (400 ILLEGAL_INPUT on `amount`).
     * Returns the agency to top up.
     */
    async checkTopUp(ctx: RequestContext, agencyId: number, body: TopUpBody): Promise<AgencyRow> {
      const agency = await fundableAgency(db, ctx, agencyId);
      assertWithinRequestMaximum({ amount: body.amount, amountReceived: body.amountReceived });
      if (topUpAboveReceived(body, minorDigits(body.currency))) {
        const message = 'more than the amount received × exchange rate, less the fee';
        throw new AppError('ILLEGAL_INPUT', undefined, { errors: [{ path: 'amount', message }] });
      }
      return agency;
    },

    /** As `checkTopUp`, for a credit limit change. */
    async checkCreditChange(
      ctx: RequestContext,
      agencyId: number,
      body: CreditLimitBody,
    ): Promise<AgencyRow> {
      const agency = await fundableAgency(db, ctx, agencyId);
      assertWithinRequestMaximum({ credit: body.credit });
      return agency;
    },

    /**
     * Tops up the wallet of `agency` (from `checkTopUp`), in `tx`: a `transfer` from the caller's
     * agency's wallet (refused with INSUFFICIENT_BALANCE when the parent's available amount does
     * not cover it; 409 DUPLICATE_REFERENCE for a reference already credited to `agency`); with
     * `sendEmail` the agency is told (one e-mail in its e-mail language, in-app notices),
     * recorded in the same transaction and sent later by its job.
     */
    async topUpAgency(
      tx: Db,
      ctx: RequestContext,
      agency: AgencyRow,
      body: TopUpBody,
    ): Promise<WalletChange> {
      await holdFundable(tx, agency);
      const amountMinor = toMinor(body.amount, body.currency);
      const feePercent = percentText(body.transactionFeePercent);
      const entryId = await transfer(tx, {
        fromAgencyId: ctx.agency.id,
        toAgencyId: agency.id,
        currency: body.currency,
        amountMinor,
        reference: body.referenceNumber,
        createdBy: ctx.user.id,
        meta: {
          exchangeRate: body.exchangeRate,
          transactionFeePercent: feePercent,
          handlingFeeMinor: percentOf(amountMinor, feePercent),
          amountReceived: body.amountReceived ?? body.amount,
          sendEmail: body.sendEmail ?? false,
        },
      });
      const wallet = await balanceIn(tx, agency.id, body.currency);
      if (body.sendEmail === true) {
        await notifyAgencyEvent(tx, {
          kind: 'wallet.topped_up',
          agencyId: agency.id,
          params: {
            currency: body.currency,
            amount: fromMinor(amountMinor, body.currency),
            reference: body.referenceNumber,
            available: wallet.available.amount,
          },
        });
      }
      return { entryId: String(entryId), agencyId: agency.id, wallet };
    },

    /** Sets the credit limit of `agency` (from `checkCreditChange`), in `tx`. */
    async setAgencyCredit(
      tx: Db,
      ctx: RequestContext,
      agency: AgencyRow,
      body: CreditLimitBody,
    ): Promise<WalletChange> {
      await holdFundable(tx, agency);
      const currency = body.currency ?? agency.commonConfig.settlementCurrency;
      const entryId = await setCreditLimit(tx, {
        agencyId: agency.id,
        currency,
        creditLimitMinor: toMinor(body.credit, currency),
        createdBy: ctx.user.id,
      });
      return {
        entryId: String(entryId),
        agencyId: agency.id,
        wallet: await balanceIn(tx, agency.id, currency),
      };
    },
  };
}

export type WalletService = ReturnType<typeof createWalletService>;

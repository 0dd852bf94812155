import { money, percentOf, type MoneyJson } from './money';
import type { EntryLine } from './wallet.repo';
import type { LedgerAccountRow } from './wallet.schema';

/** Balance, credit limit and available amount of one wallet currency. */
export interface WalletBalanceJson {
  currency: string;
  balance: MoneyJson;
  creditLimit: MoneyJson;
  available: MoneyJson;
  updatedAt: string;
}

/** A wallet entry (spec §3): the wallet change of one journal entry, signed (+ in, - out). */
export interface WalletEntryJson {
  id: string;
  paymentType: string;
  paymentTime: string;
  orderId: string | null;
  paymentReference: string | null;
  amountPaid: MoneyJson;
  description: string;
}

/** A transaction row (spec §3 'All Transactions'). */
export interface TransactionRowJson {
  id: string;
  type: string;
  originalOrderId: string | null;
  referenceId: string;
  paymentMethod: string;
  totalAmountPaid: MoneyJson;
  amount: MoneyJson;
  handlingFee: MoneyJson;
  paymentTime: string;
  createdOn: string;
}

/** The balance view of an agency wallet account. */
export function presentBalance(account: LedgerAccountRow): WalletBalanceJson {
  const { currency } = account;
  return {
    currency,
    balance: money(account.balanceMinor, currency),
    creditLimit: money(account.creditLimitMinor, currency),
    available: money(account.balanceMinor + account.creditLimitMinor, currency),
    updatedAt: account.updatedAt.toISOString(),
  };
}

/** An empty wallet in `currency` (no account yet). */
export function emptyBalance(currency: string, now: Date): WalletBalanceJson {
  const zero = money(0, currency);
  return { currency, balance: zero, creditLimit: zero, available: zero, updatedAt: now.toISOString() };
}

/** A wallet entry line. */
export function presentEntry(line: EntryLine): WalletEntryJson {
  return {
    id: String(line.id),
    paymentType: line.kind,
    paymentTime: line.createdAt.toISOString(),
    orderId: line.orderId,
    paymentReference: line.reference,
    amountPaid: money(line.amountMinor, line.currency),
    description: line.description,
  };
}

/** A transaction row; the handling fee of a top-up comes from its fee percent. */
export function presentTransaction(line: EntryLine): TransactionRowJson {
  const amount = Math.abs(line.amountMinor);
  const percent = typeof line.meta.transactionFeePercent === 'string' ? line.meta.transactionFeePercent : '0';
  const fee = line.kind === 'top-up' ? percentOf(amount, percent) : 0;
  const method = typeof line.meta.paymentMethod === 'string' ? line.meta.paymentMethod : 'balance';
  const time = line.createdAt.toISOString();
  return {
    id: String(line.id),
    type: line.kind,
    originalOrderId: line.orderId,
    referenceId: line.reference ?? String(line.id),
    paymentMethod: method,
    totalAmountPaid: money(amount + fee, line.currency),
    amount: money(amount, line.currency),
    handlingFee: money(fee, line.currency),
    paymentTime: time,
    createdOn: time,
  };
}

import { PAYMENT_CHANNELS, type PaymentChannel } from '@portal/domain/payment';
import { moneyDirection } from '@portal/domain/transaction-kinds';
import {
  transactionKindOf,
  type TransactionOrderRef,
  type TransactionRow,
  type WalletBalance,
  type WalletEntry,
  type WalletEntryOrder,
  type WalletPaymentType,
} from '@portal/domain/wallet';
import { instalmentOfLedgerOrderId } from './ledger-order-id';
import { availableOf } from './ledger';
import { money } from './money';
import { OPENING_BALANCE_DESCRIPTION } from './top-up';
import type { EntryLine } from './wallet.repo';
import type { EntryKind, LedgerAccountRow } from './wallet.schema';

/** The spec's wallet payment type of a ledger entry kind (a reimbursement shows as a refund). */
export function paymentTypeOf(kind: EntryKind): WalletPaymentType {
  if (kind === 'reimbursement' || kind === 'provider-refund' || kind === 'provider-dispute') {
    return 'refund-flight';
  }
  if (kind === 'credit-adjustment' || kind === 'transfer') return 'top-up';
  return kind;
}

/** The ledger kinds listed under a wallet payment type. */
export function kindsOf(type: WalletPaymentType): EntryKind[] {
  if (type === 'top-up') return ['top-up', 'transfer'];
  return type === 'refund-flight' ? ['refund-flight', 'reimbursement'] : [type];
}

function channelOf(meta: Record<string, unknown>): PaymentChannel {
  const method = meta.paymentMethod;
  return PAYMENT_CHANNELS.find((c) => c === method) ?? 'balance';
}

/** The balance view of an agency wallet account. */
export function presentBalance(account: LedgerAccountRow): WalletBalance {
  const { currency } = account;
  return {
    currency: currency as WalletBalance['currency'],
    balance: money(account.balanceMinor, currency),
    creditLimit: money(account.creditLimitMinor, currency),
    available: money(availableOf(account), currency),
  };
}

/** An empty wallet in `currency` (no account yet). */
export function emptyBalance(currency: WalletBalance['currency']): WalletBalance {
  const zero = money(0, currency);
  return { currency, balance: zero, creditLimit: zero, available: zero };
}

/** The order of a line as clients link and describe it. */
function orderOf(line: EntryLine): WalletEntryOrder | null {
  const { order } = line;
  if (!order) return null;
  return {
    kind: order.kind,
    id: order.id,
    flightType: order.kind === 'flight' ? order.flightType : null,
    instalment: order.kind === 'group' ? instalmentOfLedgerOrderId(line.orderId) : null,
  };
}

/** A wallet entry: the signed wallet change of one journal entry (+ in, - out). */
export function presentEntry(line: EntryLine): WalletEntry {
  return {
    id: String(line.id),
    paymentType: paymentTypeOf(line.kind),
    paymentTime: line.createdAt.toISOString(),
    orderId: line.orderId,
    paymentReference: line.reference,
    amountPaid: money(line.amountMinor, line.currency),
    description: line.description,
    kind: line.kind,
    openingBalance: line.kind === 'top-up' && line.description === OPENING_BALANCE_DESCRIPTION,
    counterparty: line.counterparty,
    bookingNumber: line.order?.bookingNumber ?? null,
    order: orderOf(line),
  };
}

/** The booking a line's money belongs to, and its after-sales order (refund, void, change). */
function bookingsOf(line: EntryLine): {
  original: TransactionOrderRef | null;
  afterSales: TransactionOrderRef | null;
} {
  const { order } = line;
  if (!order) return { original: null, afterSales: null };
  const own = { kind: order.kind, id: order.id, bookingNumber: order.bookingNumber };
  if (order.kind !== 'flight' || order.flightType === 'origin') return { original: own, afterSales: null };
  const original = order.original ? { kind: 'flight' as const, ...order.original } : null;
  return { original, afterSales: own };
}

/**
 * A transaction row: its kind, its amount signed from the agency's side (the sum of the entry's
 * postings on the agency's accounts), both booking numbers and the wallet balance after it
 * (`balanceAfterMinor`); the handling fee of a top-up comes from its fee percent.
 */
export function presentTransaction(line: EntryLine, balanceAfterMinor: number): TransactionRow {
  const fee = typeof line.meta.handlingFeeMinor === 'number' ? line.meta.handlingFeeMinor : 0;
  const time = line.createdAt.toISOString();
  const order = orderOf(line);
  const amount = money(line.amountMinor, line.currency);
  const { original, afterSales } = bookingsOf(line);
  return {
    id: String(line.id),
    kind: transactionKindOf(line.kind, order),
    direction: moneyDirection(amount.amount),
    originalOrderId: line.orderId,
    bookingNumber: line.order?.bookingNumber ?? null,
    order,
    originalBooking: original,
    afterSalesOrder: afterSales,
    referenceId: line.reference ?? String(line.id),
    paymentMethod: channelOf(line.meta),
    totalAmountPaid: money(Math.abs(line.amountMinor) + fee, line.currency),
    amount,
    handlingFee: money(fee, line.currency),
    balanceAfter: money(balanceAfterMinor, line.currency),
    paymentTime: time,
    createdOn: time,
  };
}

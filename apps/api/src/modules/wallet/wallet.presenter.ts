import { PAYMENT_CHANNELS, type PaymentChannel } from '@portal/domain/payment';
import type {
  TransactionRow,
  WalletBalance,
  WalletEntry,
  WalletEntryOrder,
  WalletPaymentType,
} from '@portal/domain/wallet';
import { instalmentOfLedgerOrderId } from './ledger-order-id';
import { availableOf } from './ledger';
import { money } from './money';
import { OPENING_BALANCE_DESCRIPTION } from './top-up';
import type { EntryLine } from './wallet.repo';
import type { EntryKind, LedgerAccountRow } from './wallet.schema';

/** The spec's wallet payment type of a ledger entry kind (a reimbursement shows as a refund). */
export function paymentTypeOf(kind: EntryKind): WalletPaymentType {
  if (kind === 'reimbursement') return 'refund-flight';
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

/** A transaction row; the handling fee of a top-up comes from its fee percent. */
export function presentTransaction(line: EntryLine): TransactionRow {
  const amount = Math.abs(line.amountMinor);
  const fee = typeof line.meta.handlingFeeMinor === 'number' ? line.meta.handlingFeeMinor : 0;
  const time = line.createdAt.toISOString();
  return {
    id: String(line.id),
    originalOrderId: line.orderId,
    bookingNumber: line.order?.bookingNumber ?? null,
    order: orderOf(line),
    referenceId: line.reference ?? String(line.id),
    paymentMethod: channelOf(line.meta),
    totalAmountPaid: money(amount + fee, line.currency),
    amount: money(amount, line.currency),
    handlingFee: money(fee, line.currency),
    paymentTime: time,
    createdOn: time,
  };
}

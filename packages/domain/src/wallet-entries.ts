import { parseDecimal } from './currency-conversion';
import type { OrderType } from './flight-order-status';

/*
 * What the wallet pages show of wallet entries, without zod: the payment types of the filters, the
 * entries' descriptions, the amount maximum of the money forms and the statement range. The bill
 * pages read these; `wallet.ts`, which re-exports them, holds the schemas.
 */

/** Payment types of wallet entries (spec §3). */
export const WALLET_PAYMENT_TYPES = [
  'top-up',
  'origin-flight',
  'origin-train',
  'refund-flight',
  'change-flight',
  'void-flight',
] as const;
export type WalletPaymentType = (typeof WALLET_PAYMENT_TYPES)[number];

/** Kinds of ledger (journal) entries: the wallet payment types plus the ledger-only kinds. */
export const LEDGER_ENTRY_KINDS = [
  ...WALLET_PAYMENT_TYPES,
  'reimbursement',
  'credit-adjustment',
  /** Money a parent agency moves from its wallet to a direct sub-agency's (listed as a top-up). */
  'transfer',
  /** A refund a payment provider made outside the portal (its dashboard), of a card payment. */
  'provider-refund',
  /** A card dispute's funds withdrawn by the provider, or reinstated (negative then). */
  'provider-dispute',
] as const;
export type LedgerEntryKind = (typeof LEDGER_ENTRY_KINDS)[number];

/** The kinds of order a wallet entry may belong to. */
export const WALLET_ORDER_KINDS = ['flight', 'group', 'train'] as const;
export type WalletOrderKind = (typeof WALLET_ORDER_KINDS)[number];

/** The localized descriptions of wallet entries (i18n `bills.description.{label}`). */
export const ENTRY_LABELS = [
  'openingBalance',
  'flightOrder',
  'flightChange',
  'flightRefund',
  'flightVoid',
  'ticketingFailed',
  'changeFailed',
  'groupInstalment1',
  'groupInstalment2',
  'groupInstalment3',
  'groupInstalment4',
  'trainOrder',
  'trainRefund',
  'transferOut',
  'transferIn',
] as const;
export type EntryLabel = (typeof ENTRY_LABELS)[number];

/**
 * What an entry's description is in any language: a label and the booking number it names (for a
 * transfer, `bookingNumber` is empty and `agency` names the other agency).
 */
export interface EntryDescription {
  label: EntryLabel;
  bookingNumber: string;
  agency?: string;
}

/** The order of an entry as far as its description goes (`WalletEntryOrder` of `wallet.ts`). */
interface DescribedOrder {
  kind: WalletOrderKind;
  flightType: OrderType | null;
  instalment: 1 | 2 | 3 | 4 | null;
}

/** What a description is made of: the fields of a wallet entry (`WalletEntry` of `wallet.ts`). */
interface Described {
  kind: LedgerEntryKind;
  openingBalance: boolean;
  bookingNumber: string | null;
  order: DescribedOrder | null;
  counterparty?: string | null;
  amountPaid?: { amount: string };
}

/** The label of an entry whose order is `order`, by its ledger kind; undefined for none. */
function orderLabel(kind: LedgerEntryKind, order: DescribedOrder): EntryLabel | undefined {
  if (order.kind === 'group') {
    return kind === 'origin-flight' && order.instalment ? `groupInstalment${order.instalment}` : undefined;
  }
  if (order.kind === 'train') {
    if (kind === 'origin-train') return 'trainOrder';
    return kind === 'reimbursement' ? 'trainRefund' : undefined;
  }
  if (kind === 'reimbursement') {
    // Money back for a flight order that failed: its ticketing, or the reissue of a change.
    return FAILED_FLIGHT_LABELS[order.flightType ?? 'origin'];
  }
  return FLIGHT_LABELS[kind];
}

const FLIGHT_LABELS: Partial<Record<LedgerEntryKind, EntryLabel>> = {
  'origin-flight': 'flightOrder',
  'change-flight': 'flightChange',
  'refund-flight': 'flightRefund',
  'void-flight': 'flightVoid',
};

const FAILED_FLIGHT_LABELS: Partial<Record<OrderType, EntryLabel>> = {
  origin: 'ticketingFailed',
  change: 'changeFailed',
};

/**
 * The description of a wallet entry as a label and its booking number, to show in the user's
 * language; null for entries without one (their stored description is shown as it is).
 */
export function describeEntry(entry: Described): EntryDescription | null {
  if (entry.kind === 'top-up' && entry.openingBalance) return { label: 'openingBalance', bookingNumber: '' };
  if (entry.kind === 'transfer' && entry.counterparty) {
    const out = entry.amountPaid?.amount.startsWith('-') === true;
    return { label: out ? 'transferOut' : 'transferIn', bookingNumber: '', agency: entry.counterparty };
  }
  if (!entry.order || !entry.bookingNumber) return null;
  const label = orderLabel(entry.kind, entry.order);
  return label ? { label, bookingNumber: entry.bookingNumber } : null;
}

/**
 * True when the decimal text `amount` ("1234.50") is above `max` major units; exact (bigint), so
 * any number of digits compares right. Text that is not a decimal is not above anything.
 */
export function isAboveMaximum(amount: string, max: number): boolean {
  const decimal = parseDecimal(amount);
  if (!decimal) return false;
  return decimal.units > BigInt(max) * 10n ** BigInt(decimal.scale);
}

/** `max` major units in minor units of a currency with `digits` minor digits. */
export function maximumMinor(max: number, digits: number): number {
  return max * 10 ** digits;
}

/** A maximum as the messages name it: `10,000,000,000`. */
export function formatMaximum(max: number): string {
  return new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 }).format(max);
}

/** Longest statement range (months) one request may ask for. */
export const MAX_STATEMENT_MONTHS = 36;

/**
 * A wallet list counts its lines up to this many; past it the total reads "1,000+" (`totalCapped`).
 * Its pages by number end there too (`lastPageByNumber`: page 50 at 20 lines a page, the last one
 * the list's pager offers): a line past them is read with `after`, paging on from the page before,
 * whose cost does not grow with the depth. A page by number past the count would cost the database
 * every line before it (17 to 24 ms a request at 250,000 entries, docs/performance/wallet-lists.md).
 */
export const WALLET_LINE_COUNT_CAP = 1_000;

import { z } from 'zod';
import { CURRENCIES } from './currency';
import { MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE, pageOf, Timestamp } from './flight-order';
import { MAX_REQUEST_AMOUNT } from './limits';
import { AMOUNT_PATTERN, EXCHANGE_RATE_PATTERN, REFERENCE_NUMBER_MAX } from './money-request-fields';
import { PAYMENT_CHANNELS } from './payment';
import { ORDER_TYPES } from './flight-order-status';
import { CalendarDate, CalendarMonth } from './primitives';
import { WALLET_LINE_CURSOR } from './paging';
import { pagesByNumberWithin } from './paging-rules';
import { MoneyJson } from './shopping';
import { MONEY_DIRECTIONS, TRANSACTION_KINDS, type TransactionKind } from './transaction-kinds';
import {
  formatMaximum,
  isAboveMaximum,
  LEDGER_ENTRY_KINDS,
  MAX_STATEMENT_MONTHS,
  WALLET_LINE_COUNT_CAP,
  WALLET_ORDER_KINDS,
  WALLET_PAYMENT_TYPES,
  type LedgerEntryKind,
} from './wallet-entries';

// The constants and helpers the wallet pages read, on their own without zod (`wallet-entries.ts`).
export * from './wallet-entries';

/** Balance, credit limit and what may be spent (balance + credit limit) in one currency. */
export const WalletBalance = z.object({
  currency: z.enum(CURRENCIES),
  balance: MoneyJson,
  creditLimit: MoneyJson,
  available: MoneyJson,
});
export type WalletBalance = z.infer<typeof WalletBalance>;

/** The order a wallet entry or transaction belongs to, for its link and its description. */
export const WalletEntryOrder = z.object({
  kind: z.enum(WALLET_ORDER_KINDS),
  /** The order's own id (a group order's for the entry of one of its instalments). */
  id: z.string(),
  /** A flight order's type (origin, change, refund, void); null for group and train orders. */
  flightType: z.enum(ORDER_TYPES).nullable(),
  /**
   * The instalment (1..4, `INSTALMENT_NUMBERS`) a group order's entry pays; null otherwise. Not
   * imported: group-order-status names the group texts, which the bill pages do not load.
   */
  instalment: z.literal([1, 2, 3, 4]).nullable(),
});
export type WalletEntryOrder = z.infer<typeof WalletEntryOrder>;

/** What the booking-number columns and the description label are made of. */
const entryOrderFields = {
  /** The public booking number of the entry's order; null without an order (a top-up). */
  bookingNumber: z.string().nullable(),
  order: WalletEntryOrder.nullable(),
};

/**
 * A wallet entry (spec §3); `amountPaid` is negative for money going out. `description` is the
 * English text stored when the entry was posted; clients show a label in the user's language
 * made from `kind`, `bookingNumber` and `order` where they have one.
 */
export const WalletEntry = z.object({
  id: z.string(),
  paymentType: z.enum(WALLET_PAYMENT_TYPES),
  paymentTime: Timestamp,
  /** The ledger's order id of the entry (an internal id); null for a top-up. */
  orderId: z.string().nullable(),
  paymentReference: z.string().nullable(),
  amountPaid: MoneyJson,
  description: z.string(),
  /** The ledger kind (a `reimbursement` is listed as paymentType `refund-flight`). */
  kind: z.enum(LEDGER_ENTRY_KINDS),
  /** A top-up that opened the wallet (the demo data's opening balance). */
  openingBalance: z.boolean(),
  /**
   * The other agency of a `transfer` (the sub-agency a parent sent money to, or the parent it
   * came from), by name; null for every other entry.
   */
  counterparty: z.string().nullable(),
  ...entryOrderFields,
});
export type WalletEntry = z.infer<typeof WalletEntry>;

const TRANSACTION_KIND_OF: Partial<Record<LedgerEntryKind, TransactionKind>> = {
  'change-flight': 'change',
  'refund-flight': 'refund',
  'void-flight': 'void',
  // Money back for an order that failed (ticketing, a reissue, a train ticket) or a train refund.
  reimbursement: 'refund',
  'top-up': 'top-up',
  transfer: 'top-up',
  'credit-adjustment': 'credit-change',
  'origin-train': 'train',
  // Money back to the payer's card outside the portal: a dashboard refund, a dispute's chargeback.
  'provider-refund': 'refund',
  'provider-dispute': 'refund',
};

/**
 * The transaction kind of a ledger entry: by its ledger kind, and for an order's first payment by
 * the order (a group order's payment is one of its instalments).
 */
export function transactionKindOf(
  kind: LedgerEntryKind,
  order: Pick<WalletEntryOrder, 'kind'> | null,
): TransactionKind {
  if (kind === 'origin-flight') return order?.kind === 'group' ? 'instalment' : 'payment';
  return TRANSACTION_KIND_OF[kind] ?? 'payment';
}

/** An order a transaction names: its kind and id (for its page) and its booking number. */
export const TransactionOrderRef = z.object({
  kind: z.enum(WALLET_ORDER_KINDS),
  id: z.string(),
  bookingNumber: z.string(),
});
export type TransactionOrderRef = z.infer<typeof TransactionOrderRef>;

/**
 * A row of 'All Transactions' (spec §3). `amount` is signed by the rule of `transaction-kinds.ts`
 * (money in positive, money out negative); `totalAmountPaid` and `handlingFee` are what was paid
 * and what the fee took, never negative.
 */
export const TransactionRow = z.object({
  id: z.string(),
  /** What the row is (`transactionKindOf`). */
  kind: z.enum(TRANSACTION_KINDS),
  /** Which way `amount` goes (`moneyDirection`). */
  direction: z.enum(MONEY_DIRECTIONS),
  /** The ledger's order id (an internal id); `bookingNumber` is what agents know. */
  originalOrderId: z.string().nullable(),
  /** The entry's own order (for a refund, the refund order): kept for clients that read it. */
  ...entryOrderFields,
  /**
   * The booking the money belongs to: the order itself for a payment, an instalment or a train
   * ticket; the order an after-sales order was made on for a refund, void or change.
   */
  originalBooking: TransactionOrderRef.nullable(),
  /** The refund, void or change order of the row; null for every other row. */
  afterSalesOrder: TransactionOrderRef.nullable(),
  referenceId: z.string(),
  paymentMethod: z.enum(PAYMENT_CHANNELS),
  totalAmountPaid: MoneyJson,
  /** Signed: positive money in, negative money out. */
  amount: MoneyJson,
  handlingFee: MoneyJson,
  /**
   * The agency's wallet balance in the row's currency after this row (entries in time order, then
   * by id). A payment through an outside channel leaves the wallet as it was.
   */
  balanceAfter: MoneyJson,
  paymentTime: Timestamp,
  createdOn: Timestamp,
});
export type TransactionRow = z.infer<typeof TransactionRow>;

const paging = {
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  dateFrom: CalendarDate.optional(),
  dateTo: CalendarDate.optional(),
  /** A booking number (any letter case) or an order id: the entries of that order. */
  orderId: z.string().trim().min(1).max(64).optional(),
  /**
   * The `next` of the page before, to read `page` as the lines after that page's last one (keyset
   * paging: a deep page costs what the first does, and lines posted meanwhile do not shift it).
   */
  after: z.string().regex(WALLET_LINE_CURSOR).optional(),
};
const dateRange = (q: { dateFrom?: string; dateTo?: string }): boolean =>
  !q.dateFrom || !q.dateTo || q.dateFrom <= q.dateTo;

/** Pages by number up to the counted lines (`WALLET_LINE_COUNT_CAP`), any page after a cursor. */
const pagedByNumberWithinCount = pagesByNumberWithin(WALLET_LINE_COUNT_CAP);

/** Query of the wallet entry list: date range, payment type, order and paging. */
export const WalletEntryQuery = z
  .strictObject({
    ...paging,
    type: z.enum(WALLET_PAYMENT_TYPES).optional(),
    currency: z.enum(CURRENCIES).optional(),
    sort: z.enum(['paymentTime', '-paymentTime']).default('-paymentTime'),
  })
  .refine(dateRange, { path: ['dateTo'], message: 'range' })
  .superRefine(pagedByNumberWithinCount);
export type WalletEntryQuery = z.infer<typeof WalletEntryQuery>;

/** Query of 'All Transactions': date range, payment method, order and paging. */
export const TransactionQuery = z
  .strictObject({
    ...paging,
    paymentMethod: z.enum(PAYMENT_CHANNELS).optional(),
    sort: z.enum(['paymentTime', '-paymentTime', 'createdOn', '-createdOn']).default('-createdOn'),
  })
  .refine(dateRange, { path: ['dateTo'], message: 'range' })
  .superRefine(pagedByNumberWithinCount);
export type TransactionQuery = z.infer<typeof TransactionQuery>;

/**
 * A page of wallet entries or transactions; `totalCapped` when more lines match than the API
 * counts (`WALLET_LINE_COUNT_CAP`): `total` is then the cap and the list reads "1,000+". `next` (a
 * full page) is the cursor of its last line, the next page's `after`.
 */
const listExtras = { totalCapped: z.boolean().optional(), next: z.string().optional() };
export const WalletEntryList = pageOf(WalletEntry).extend(listExtras);
export type WalletEntryList = z.infer<typeof WalletEntryList>;
export const TransactionList = pageOf(TransactionRow).extend(listExtras);
export type TransactionList = z.infer<typeof TransactionList>;

const PositiveDecimal = z
  .string()
  .regex(AMOUNT_PATTERN)
  .refine((s) => Number(s) > 0)
  .describe(`A positive decimal; at most ${formatMaximum(MAX_REQUEST_AMOUNT)} per request`);

/**
 * Top-up of an agency's wallet (spec §3, `POST /base/v2/agencies/{id}/balance`). Currency, amount,
 * rate and reference are required (spec §5); the amount received (in the currency paid in), the
 * transaction fee percent and the email flag are optional.
 */
export const TopUpBody = z.strictObject({
  currency: z.enum(CURRENCIES),
  /** Credited to the wallet, in `currency`. */
  amount: PositiveDecimal,
  exchangeRate: z
    .string()
    .regex(EXCHANGE_RATE_PATTERN)
    .refine((s) => Number(s) > 0),
  referenceNumber: z.string().trim().min(1).max(REFERENCE_NUMBER_MAX),
  amountReceived: PositiveDecimal.optional(),
  transactionFeePercent: z.number().min(0).max(100).optional(),
  /** Absent means false. No default is filled in: the validated body stays the body sent. */
  sendEmail: z.boolean().optional(),
});
export type TopUpBody = z.infer<typeof TopUpBody>;

/** `PUT /base/v2/agencies/{id}/credit` with `credit` (spec §7); not empty (spec §5); 0 removes the line. */
export const CreditLimitBody = z.strictObject({
  credit: z
    .string()
    .regex(AMOUNT_PATTERN)
    .describe(`A decimal; at most ${formatMaximum(MAX_REQUEST_AMOUNT)}`),
  currency: z.enum(CURRENCIES).optional(),
});
export type CreditLimitBody = z.infer<typeof CreditLimitBody>;

/** The names of `fields` (decimal amounts of one request) that are above MAX_REQUEST_AMOUNT. */
export function fieldsAboveRequestMaximum(fields: Record<string, string | undefined>): string[] {
  return Object.entries(fields).flatMap(([name, value]) =>
    value !== undefined && isAboveMaximum(value, MAX_REQUEST_AMOUNT) ? [name] : [],
  );
}

/** The answer of a top-up or credit change: the entry and the agency's wallet as it now is. */
export const WalletChange = z.object({
  entryId: z.string(),
  agencyId: z.number().int(),
  wallet: WalletBalance,
});
export type WalletChange = z.infer<typeof WalletChange>;

function monthsBetween(from: string, to: string): number {
  const [fy, fm] = from.split('-').map(Number);
  const [ty, tm] = to.split('-').map(Number);
  return ((ty ?? 0) - (fy ?? 0)) * 12 + ((tm ?? 0) - (fm ?? 0)) + 1;
}

/** `GET /base/v2/wallet/statements?period=month&from=YYYY-MM&to=YYYY-MM` (months of the agency's time zone). */
export const StatementQuery = z
  .strictObject({
    period: z.enum(['month']).default('month'),
    from: CalendarMonth,
    to: CalendarMonth,
    currency: z.enum(CURRENCIES).optional(),
  })
  .refine((q) => q.from <= q.to && monthsBetween(q.from, q.to) <= MAX_STATEMENT_MONTHS, {
    path: ['to'],
    message: 'range',
  });
export type StatementQuery = z.infer<typeof StatementQuery>;

/**
 * One month's statement of the agency wallet in one currency, listed only for a month with
 * movement: `closing = opening + topUps - orderPayments + refunds + adjustments`.
 */
export const WalletStatement = z.object({
  /** `YYYY-MM`, from midnight of its first day to midnight of the next month's in `timeZone`. */
  period: z.string(),
  /** The agency's IANA time zone its months are cut in (company setting). */
  timeZone: z.string(),
  currency: z.enum(CURRENCIES),
  opening: MoneyJson,
  topUps: MoneyJson,
  /** Money out for flight, train and change orders (positive). */
  orderPayments: MoneyJson,
  /** Refunds, voids and reimbursements of failed orders (money back in). */
  refunds: MoneyJson,
  /** Anything else that moved the wallet (signed). */
  adjustments: MoneyJson,
  closing: MoneyJson,
});
export type WalletStatement = z.infer<typeof WalletStatement>;

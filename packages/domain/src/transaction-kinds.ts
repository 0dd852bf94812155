/**
 * What a row of 'All Transactions' is and which way its money goes, shared by the web's table and
 * the API's Excel export so both show the same kind, sign and words.
 */

/** The kinds of transaction finance reads (i18n `bills.kind.{kind}`). */
export const TRANSACTION_KINDS = [
  'payment',
  'refund',
  'void',
  'change',
  'top-up',
  'credit-change',
  'instalment',
  'train',
] as const;
export type TransactionKind = (typeof TRANSACTION_KINDS)[number];

/** Which way a row's money goes, seen from the agency whose list it is. */
export const MONEY_DIRECTIONS = ['in', 'out', 'none'] as const;
export type MoneyDirection = (typeof MONEY_DIRECTIONS)[number];

/**
 * The sign rule: a transaction's amount is signed from the agency's side. Money the agency
 * receives is positive (a refund, a void, a top-up, a reimbursement of a failed order, a markup it
 * earns on a sub-agency's order); money it pays is negative (a payment, a change, an instalment, a
 * train ticket, a transfer to a sub-agency). The ledger's agency accounts are credit-positive, so
 * the sum of an entry's postings on them is this signed amount as it is.
 */
export function moneyDirection(amount: string): MoneyDirection {
  const text = amount.trim();
  if (/^[-+]?0*(\.0*)?$/.test(text)) return 'none';
  return text.startsWith('-') ? 'out' : 'in';
}

/**
 * The sign written before an amount of each direction, so that the direction is never told by
 * colour alone: '+' for money in, '−' (U+2212 MINUS SIGN) for money out, nothing for zero.
 */
export const DIRECTION_SIGN: Readonly<Record<MoneyDirection, string>> = {
  in: '+',
  out: '\u2212',
  none: '',
};

/** `magnitude` (an unsigned formatted amount, `1,280.00`) with the sign of `direction`. */
export function withDirectionSign(magnitude: string, direction: MoneyDirection): string {
  return `${DIRECTION_SIGN[direction]}${magnitude}`;
}

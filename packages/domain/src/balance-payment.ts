import { fromMinor, minorDigits, toMinor } from './currency-conversion';
import type { MoneyJson } from './shopping';
import type { WalletBalance } from './wallet';

/**
 * What paying `amount` from the agency wallet does to it, shown before the payment is confirmed:
 * the balance before and after, and how much of the amount the credit limit covers (the part
 * beyond a positive balance). A negative balance is credit already in use.
 */
export interface BalancePaymentPreview {
  amount: MoneyJson;
  balanceBefore: MoneyJson;
  balanceAfter: MoneyJson;
  /** The part of `amount` paid on credit (0 when the balance covers it). */
  creditUsed: MoneyJson;
  creditLimit: MoneyJson;
  /** What may still be spent afterwards (balance + credit limit). */
  availableAfter: MoneyJson;
  /** False when `amount` is more than the wallet has available: the payment would be refused. */
  sufficient: boolean;
}

/** The preview of paying `amount` from `wallet`; null when the currencies differ. */
export function balancePaymentPreview(
  wallet: WalletBalance,
  amount: MoneyJson,
): BalancePaymentPreview | null {
  if (wallet.currency !== amount.currency) return null;
  const digits = minorDigits(wallet.currency);
  const minor = (m: MoneyJson) => toMinor(m.amount, digits);
  const money = (value: number): MoneyJson => ({
    amount: fromMinor(value, digits),
    currency: wallet.currency,
  });
  const due = minor(amount);
  const before = minor(wallet.balance);
  const after = before - due;
  const available = minor(wallet.available);
  return {
    amount: money(due),
    balanceBefore: money(before),
    balanceAfter: money(after),
    creditUsed: money(Math.min(due, Math.max(0, -after))),
    creditLimit: money(minor(wallet.creditLimit)),
    availableAfter: money(available - due),
    sufficient: due <= available,
  };
}

import { AppError } from '../../platform/errors';
import type { Db } from '../../platform/db';
import {
  insertEntry,
  lockAccountsForPosting,
  type LockedAccount,
  type NewEntry,
  orderEntryExists,
  balancesAt,
  shiftBalancesAfter,
} from './ledger.repo';
import type { EntryKind, EntryMeta, LedgerAccountRow, PostingLeg } from './wallet.schema';
import { isUniqueViolation } from '../../platform/db-errors';
import { balanceAboveMaximum, maxWalletMinor } from './money';
import { alertOnCrossing } from './credit-alert';

/** One line of a journal entry: a signed amount (credit-positive) on one account. */
export interface PostingInput {
  accountId: number;
  amountMinor: number;
  currency: string;
  /**
   * `markup`: an ancestor's income on a sub-agency's order; `clawback`: its return on a refund,
   * void or reimbursement. A clawback is the one debit posted even when the wallet's available
   * amount does not cover it (the markup it earned is owed back; the wallet then spends nothing
   * until funded). Ordinary legs leave it undefined.
   */
  leg?: PostingLeg;
}

/** A journal entry to post; `postings` must sum to zero per currency. */
export interface EntryInput {
  agencyId: number;
  kind: EntryKind;
  postings: PostingInput[];
  orderId?: string | null;
  reference?: string | null;
  description?: string;
  meta?: EntryMeta;
  createdBy?: number | null;
  /** When the entry happened; default the transaction's time (the demo seed posts a past quarter). */
  postedAt?: Date;
}

/** A programming error: the caller built an unbalanced or malformed entry. */
export class UnbalancedEntryError extends Error {
  override readonly name = 'UnbalancedEntryError';
}

/** Throws unless every amount is a safe integer and the postings sum to zero per currency. */
export function assertBalanced(postings: readonly PostingInput[]): void {
  if (postings.length < 2) throw new UnbalancedEntryError('an entry needs at least two postings');
  const sums = new Map<string, number>();
  for (const p of postings) {
    if (!Number.isSafeInteger(p.amountMinor)) {
      throw new UnbalancedEntryError(`amount ${p.amountMinor} is not a safe integer`);
    }
    sums.set(p.currency, (sums.get(p.currency) ?? 0) + p.amountMinor);
  }
  for (const [currency, sum] of sums) {
    if (sum !== 0) throw new UnbalancedEntryError(`postings in ${currency} sum to ${sum}`);
  }
}

/** The order state an existing entry of `kind` stands for, for the ILLEGAL_TRANSITION message. */
function doneState(kind: EntryKind): string {
  if (kind === 'origin-flight' || kind === 'origin-train' || kind === 'change-flight') return 'paid';
  if (kind === 'reimbursement') return 'reimbursed';
  return kind;
}

/** What a wallet may spend: its balance and credit limit, less the credit it lends its sub-agencies. */
export function availableOf(
  account: Pick<LedgerAccountRow, 'balanceMinor' | 'creditLimitMinor' | 'creditLentMinor'>,
) {
  return account.balanceMinor + account.creditLimitMinor - account.creditLentMinor;
}

/** True when every debit of `accountId` in `postings` is a clawback (exempt from the cover check). */
function onlyClawbacks(postings: readonly PostingInput[], accountId: number): boolean {
  return postings.every((p) => p.accountId !== accountId || p.amountMinor >= 0 || p.leg === 'clawback');
}

/** The error for a second entry of one kind for one order. */
function entryExists(orderId: string | null, kind: EntryKind): AppError {
  return new AppError(
    'ILLEGAL_TRANSITION',
    { from: doneState(kind), to: doneState(kind) },
    { reason: 'entry_exists', orderId, kind },
  );
}

/**
 * The refusal of an entry the balance checks found wrong: ILLEGAL_TRANSITION `entry_exists` when
 * the order already has an entry of this kind (so that a second payment is not reported as short
 * of money), else `refusal`. Read under the accounts' locks, so an entry committed by a
 * transaction that held them before is seen.
 */
async function refuse(tx: Db, input: EntryInput, refusal: Error): Promise<never> {
  if (input.orderId && (await orderEntryExists(tx, input.orderId, input.kind))) {
    throw entryExists(input.orderId, input.kind);
  }
  throw refusal;
}

/** The balance checks of one account: the error that refuses the entry, or undefined. */
function checkAccount(input: EntryInput, account: LockedAccount, delta: number): Error | undefined {
  const posting = input.postings.find((p) => p.accountId === account.id);
  if (posting && posting.currency !== account.currency) {
    return new UnbalancedEntryError(`account ${account.id} is in ${account.currency}`);
  }
  const after = account.balanceMinor + delta;
  if (!Number.isSafeInteger(after)) return new UnbalancedEntryError('balance out of range');
  const short = after + account.creditLimitMinor - account.creditLentMinor < 0;
  if (account.kind === 'agency_wallet' && delta < 0 && short && !onlyClawbacks(input.postings, account.id)) {
    return new AppError('INSUFFICIENT_BALANCE', undefined, {
      currency: account.currency,
      availableMinor: availableOf(account),
    });
  }
  if (account.kind === 'agency_wallet' && delta > 0 && after > maxWalletMinor(account.currency)) {
    return balanceAboveMaximum(account.currency);
  }
  return undefined;
}

/**
 * Posts a balanced journal entry inside the caller's transaction: locks the touched accounts
 * `FOR UPDATE` in id order, checks that no agency wallet that is debited ends with a negative
 * available amount (`balance + credit_limit - credit_lent >= 0`, else INSUFFICIENT_BALANCE; a
 * debit made only of `clawback` legs is exempt, see `PostingInput.leg`) and none that is credited ends
 * above MAX_WALLET_BALANCE (else BALANCE_ABOVE_MAXIMUM; checked under the lock, so two
 * concurrent top-ups never both pass), inserts the entry and its
 * postings, and updates the balances. A second entry for the same order and kind is refused
 * with ILLEGAL_TRANSITION `{reason: 'entry_exists'}`: a payment never runs twice for one order.
 * A debit that takes a wallet's available amount below its agency's credit alert threshold
 * records the alert in the same transaction (`alertOnCrossing`). Returns the entry id.
 *
 * Every balance payment of an agency waits for these locks, held until the caller commits, so
 * under them a live entry takes two statements: the lock (which also reads the agencies' alert
 * settings) and the insert (entry, postings, hourly and daily sums and balances at once). The check
 * for an existing entry of the order is made only when an entry is refused (see `refuse`); otherwise
 * the unique index `journal_entries_order_kind` refuses a second one at the insert.
 */
export async function postEntry(tx: Db, input: EntryInput): Promise<number> {
  assertBalanced(input.postings);
  const deltas = new Map<number, number>();
  for (const p of input.postings) deltas.set(p.accountId, (deltas.get(p.accountId) ?? 0) + p.amountMinor);

  const accounts = await lockAccountsForPosting(tx, [...deltas.keys()]);
  if (accounts.length !== deltas.size) throw new UnbalancedEntryError('unknown account in entry');
  for (const account of accounts) {
    const refusal = checkAccount(input, account, deltas.get(account.id) ?? 0);
    if (refusal) await refuse(tx, input, refusal);
  }

  // Each posting stores its account's balance after the entry. Live entries take their time at the
  // insert, under these locks, so they come last and start from the locked balance; an entry with
  // a time of its own (the demo's past quarter) starts from the balance at that time, and moves
  // the balances stored after it.
  const backdated = input.postedAt ? await balancesAt(tx, [...deltas.keys()], input.postedAt) : undefined;
  const startOf = (account: LedgerAccountRow) =>
    backdated ? (backdated.get(account.id) ?? 0) : account.balanceMinor;
  const byId = new Map(accounts.map((a) => [a.id, a]));
  const postings = input.postings.map((p) => {
    const account = byId.get(p.accountId);
    if (!account) throw new UnbalancedEntryError('unknown account in entry');
    return {
      ...p,
      agencyId: account.agencyId,
      accountKind: account.kind,
      balanceAfterMinor: startOf(account) + (deltas.get(p.accountId) ?? 0),
    };
  });
  const entry: NewEntry = {
    agencyId: input.agencyId,
    kind: input.kind,
    orderId: input.orderId ?? null,
    reference: input.reference ?? null,
    description: input.description ?? '',
    meta: input.meta ?? {},
    createdBy: input.createdBy ?? null,
    postedAt: input.postedAt ?? null,
  };
  let entryId: number;
  try {
    entryId = await insertEntry(tx, entry, postings, deltas);
  } catch (error) {
    if (isUniqueViolation(error, 'journal_entries_order_kind')) throw entryExists(entry.orderId, entry.kind);
    if (isUniqueViolation(error, 'journal_entries_agency_reference')) {
      throw new AppError('DUPLICATE_REFERENCE', { entryId: '', date: '' }, { reference: entry.reference });
    }
    throw error;
  }
  if (input.postedAt) await shiftBalancesAfter(tx, deltas, input.postedAt);
  for (const account of accounts) {
    const before = availableOf(account);
    await alertOnCrossing(
      tx,
      { account, beforeMinor: before, afterMinor: before + (deltas.get(account.id) ?? 0) },
      undefined,
      account.alert,
    );
  }
  return entryId;
}

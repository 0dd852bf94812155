import { minorDigits } from '@portal/domain/currency-conversion';
import type { CreditRequestBody, FundingRequestBody } from '@portal/domain/platform-funding';
import { topUpAboveReceived } from '@portal/domain/top-up';
import type { Db } from '../../platform/db';
import { isUniqueViolation } from '../../platform/db-errors';
import { AppError } from '../../platform/errors';
import {
  amountAboveMaximum,
  assertReferenceUnused,
  assertWithinRequestMaximum,
  maxRequestMinor,
  money,
  toMinor,
  walletAccounts,
} from '../wallet/index';
import { lockFundableAgency } from './fundable-agency';
import type { FundingCtx, FundingDeps } from './funding-context';
import { insertApproval, pendingWithReference } from './platform-funding.repo';
import type { PlatformApprovalRow } from './platform-funding.schema';

const PENDING_REFERENCE_INDEX = 'platform_approvals_pending_reference';

/** The money rules of a funding request: the top-up's own (maximum, not above what was received). */
export function fundingAmountMinor(body: FundingRequestBody): number {
  assertWithinRequestMaximum({ amount: body.amount, amountReceived: body.amountReceived });
  if (topUpAboveReceived(body, minorDigits(body.currency))) {
    const message = 'more than the amount received × exchange rate, less the fee';
    throw new AppError('ILLEGAL_INPUT', undefined, { errors: [{ path: 'amount', message }] });
  }
  return toMinor(body.amount, body.currency);
}

/** 409 REFERENCE_PENDING when another pending request of the agency has the reference. */
export async function assertNoPendingReference(tx: Db, agencyId: number, reference: string, except?: string) {
  const pending = await pendingWithReference(tx, agencyId, reference);
  if (pending && pending.id !== except) {
    throw new AppError('REFERENCE_PENDING', { reference }, { reference, requestId: pending.id });
  }
}

/** The agency's wallet in `currency` as the audit records it (zeros before its first entry). */
export async function walletFacts(db: Db, agencyId: number, currency: string) {
  const wallet = (await walletAccounts(db, agencyId)).find((w) => w.currency === currency);
  return {
    balance: money(wallet?.balanceMinor ?? 0, currency),
    creditLimit: money(wallet?.creditLimitMinor ?? 0, currency),
  };
}

/** Runs `write`, turning a lost race on the pending reference index into its 409. */
async function guarded<T>(reference: string | null, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (reference !== null && isUniqueViolation(error, PENDING_REFERENCE_INDEX)) {
      throw new AppError('REFERENCE_PENDING', { reference }, { reference });
    }
    throw error;
  }
}

/**
 * A platform admin asks to fund a top-level agency: checked now as the approval will check it
 * (agency top-level and active, amounts within the wallet's rules, the bank reference neither
 * credited to the agency nor in another pending request), stored pending and audited. Nothing
 * posts until another admin approves.
 */
export async function requestFunding(
  deps: FundingDeps,
  ctx: FundingCtx,
  body: FundingRequestBody,
): Promise<PlatformApprovalRow> {
  const amountMinor = fundingAmountMinor(body);
  const reference = body.referenceNumber.trim();
  return guarded(reference, () =>
    deps.db.transaction(async (tx) => {
      await lockFundableAgency(tx, body.agencyId);
      await assertReferenceUnused(tx, body.agencyId, reference);
      await assertNoPendingReference(tx, body.agencyId, reference);
      const row = await insertApproval(tx, {
        kind: 'funding',
        agencyId: body.agencyId,
        currency: body.currency,
        amountMinor,
        reference,
        amountReceived: body.amountReceived ?? body.amount,
        exchangeRate: body.exchangeRate,
        transactionFeePercent: String(body.transactionFeePercent ?? 0),
        note: body.note || null,
        requestedBy: ctx.admin.id,
      });
      await deps.record(tx, ctx, {
        action: 'funding.request',
        targetType: 'agency',
        targetId: String(body.agencyId),
        before: await walletFacts(tx, body.agencyId, body.currency),
        after: { requestId: row.id, amount: money(amountMinor, body.currency), reference },
        ...(body.note ? { note: body.note } : {}),
      });
      return row;
    }),
  );
}

/** A platform admin asks to set a top-level agency's credit limit: checked, stored pending and audited. */
export async function requestCredit(
  deps: FundingDeps,
  ctx: FundingCtx,
  body: CreditRequestBody,
): Promise<PlatformApprovalRow> {
  const creditLimitMinor = toMinor(body.credit, body.currency);
  if (creditLimitMinor > maxRequestMinor(body.currency)) throw amountAboveMaximum('credit');
  return deps.db.transaction(async (tx) => {
    await lockFundableAgency(tx, body.agencyId);
    const row = await insertApproval(tx, {
      kind: 'credit',
      agencyId: body.agencyId,
      currency: body.currency,
      creditLimitMinor,
      note: body.note || null,
      requestedBy: ctx.admin.id,
    });
    await deps.record(tx, ctx, {
      action: 'credit.request',
      targetType: 'agency',
      targetId: String(body.agencyId),
      before: await walletFacts(tx, body.agencyId, body.currency),
      after: { requestId: row.id, creditLimit: money(creditLimitMinor, body.currency) },
      ...(body.note ? { note: body.note } : {}),
    });
    return row;
  });
}

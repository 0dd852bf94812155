import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { usePostgres, useTestApp } from '../../test/app';
import { agencies } from '../agencies/index';
import { journalEntries, ledgerViolations, topUp, walletAccounts } from '../wallet/index';
import { approveRequest, cancelRequest, rejectRequest } from './decide-approval';
import type { FundingAuditEntry, FundingCtx, FundingDeps } from './funding-context';
import { requestCredit, requestFunding } from './request-money';
import { platformApprovals } from './platform-funding.schema';

const t = useTestApp();

/** A platform admin's context (the use cases read its id; the audit port is in memory here). */
const admin = (id: number, username: string): FundingCtx => ({
  admin: { id, username, permissions: ['platform:finance'] },
  sessionId: `session-${id}`,
  requestId: `request-${id}`,
  locale: 'en',
});
const ALICE = admin(101, 'alice');
const BOB = admin(102, 'bob');
const CAROL = admin(103, 'carol');

/** The use cases' dependencies, with the audit records kept in memory (written only if the transaction commits). */
function deps(): FundingDeps & { audit: (FundingAuditEntry & { by: number })[] } {
  const audit: (FundingAuditEntry & { by: number })[] = [];
  return {
    db: t.database.db,
    audit,
    record: async (_tx: Db, ctx, entry) => {
      audit.push({ ...entry, by: ctx.admin.id });
    },
  };
}

const FUNDING = {
  agencyId: 3,
  currency: 'CNY' as const,
  amount: '5000.00',
  exchangeRate: '1',
  referenceNumber: 'BANK-2026-0001',
};

async function wallet(agencyId: number) {
  const account = (await walletAccounts(t.database.db, agencyId)).find((a) => a.currency === 'CNY');
  return { balance: account?.balanceMinor ?? 0, credit: account?.creditLimitMinor ?? 0 };
}

async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error.errorName;
    throw error;
  }
  throw new Error('not refused');
}

const topUps = async (agencyId: number) =>
  (await t.database.db.select().from(journalEntries).where(eq(journalEntries.agencyId, agencyId))).filter(
    (e) => e.kind === 'top-up' && e.reference?.startsWith('BANK-2026'),
  );

describe('four-eyes funding of a top-level agency', () => {
  it('posts nothing when requested, and posts the top-up once another admin approves', async () => {
    const d = deps();
    const before = await wallet(3);
    const request = await requestFunding(d, ALICE, { ...FUNDING, note: 'wire of March' });
    expect(request.status).toBe('pending');
    expect(await wallet(3)).toEqual(before);
    expect(await topUps(3)).toEqual([]);

    await approveRequest(d, BOB, request.id);
    expect((await wallet(3)).balance).toBe(before.balance + 500_000);
    const [entry] = await topUps(3);
    expect(entry?.meta).toMatchObject({ platformApprovalId: request.id, requestedBy: 101, approvedBy: 102 });
    const [row] = await t.database.db
      .select()
      .from(platformApprovals)
      .where(eq(platformApprovals.id, request.id));
    expect(row).toMatchObject({ status: 'approved', decidedBy: 102, entryId: entry?.id });
    expect(d.audit.map((a) => [a.action, a.by])).toEqual([
      ['funding.request', 101],
      ['funding.approve', 102],
    ]);
    expect(d.audit[1]).toMatchObject({
      approvedBy: 102,
      before: { balance: { amount: (before.balance / 100).toFixed(2) } },
      after: { balance: { amount: ((before.balance + 500_000) / 100).toFixed(2) } },
    });
    expect(await ledgerViolations(t.database.db)).toEqual([]);
  });

  it('refuses the approval and the rejection by the admin who made the request', async () => {
    const d = deps();
    const request = await requestFunding(d, ALICE, FUNDING);
    expect(await refusal(approveRequest(d, ALICE, request.id))).toBe('APPROVAL_BY_REQUESTER');
    expect(await refusal(rejectRequest(d, ALICE, request.id, 'no'))).toBe('APPROVAL_BY_REQUESTER');
    expect(await topUps(3)).toEqual([]);
  });

  it('posts nothing for a rejected or cancelled request, and decides each request once', async () => {
    const d = deps();
    const before = await wallet(3);
    const rejected = await requestFunding(d, ALICE, FUNDING);
    await rejectRequest(d, BOB, rejected.id, 'amount does not match the bank statement');
    const cancelled = await requestFunding(d, ALICE, FUNDING);
    expect(await refusal(cancelRequest(d, BOB, cancelled.id))).toBe('APPROVAL_NOT_REQUESTER');
    await cancelRequest(d, ALICE, cancelled.id);
    for (const id of [rejected.id, cancelled.id]) {
      expect(await refusal(approveRequest(d, CAROL, id))).toBe('APPROVAL_NOT_PENDING');
    }
    expect(await wallet(3)).toEqual(before);
    expect(await topUps(3)).toEqual([]);
    const rows = await t.database.db.select().from(platformApprovals);
    expect(rows.map((r) => [r.status, r.entryId]).sort()).toEqual([
      ['cancelled', null],
      ['rejected', null],
    ]);
  });

  it('refuses a bank reference pending or credited already, at request and at approval', async () => {
    const d = deps();
    const first = await requestFunding(d, ALICE, FUNDING);
    expect(await refusal(requestFunding(d, BOB, FUNDING))).toBe('REFERENCE_PENDING');
    await approveRequest(d, BOB, first.id);
    expect(await refusal(requestFunding(d, BOB, FUNDING))).toBe('DUPLICATE_REFERENCE');
    // The same reference for another agency is another payment.
    await requestFunding(d, ALICE, { ...FUNDING, agencyId: 1 });
  });

  it('refuses at approval a reference credited to the agency since the request', async () => {
    const d = deps();
    const request = await requestFunding(d, ALICE, FUNDING);
    // An operator credits the same bank reference by the command line meanwhile.
    await t.database.db.transaction((tx) =>
      topUp(tx, { agencyId: 3, currency: 'CNY', amountMinor: 500_000, reference: FUNDING.referenceNumber }),
    );
    expect(await refusal(approveRequest(d, BOB, request.id))).toBe('DUPLICATE_REFERENCE');
    const [row] = await t.database.db
      .select()
      .from(platformApprovals)
      .where(eq(platformApprovals.id, request.id));
    expect(row).toMatchObject({ status: 'pending', entryId: null });
    expect(await topUps(3)).toHaveLength(1);
    expect(d.audit.map((a) => a.action)).toEqual(['funding.request']);
  });

  it('refuses a sub-agency, a suspended or deleted agency and amounts out of bounds', async () => {
    const d = deps();
    expect(await refusal(requestFunding(d, ALICE, { ...FUNDING, agencyId: 2 }))).toBe(
      'FUNDING_NOT_TOP_LEVEL',
    );
    expect(await refusal(requestCredit(d, ALICE, { agencyId: 2, currency: 'CNY', credit: '10.00' }))).toBe(
      'FUNDING_NOT_TOP_LEVEL',
    );
    expect(await refusal(requestFunding(d, ALICE, { ...FUNDING, agencyId: 9999 }))).toBe('NOT_FOUND');
    expect(await refusal(requestFunding(d, ALICE, { ...FUNDING, amount: '10000000000.01' }))).toBe(
      'AMOUNT_ABOVE_MAXIMUM',
    );
    expect(
      await refusal(requestCredit(d, ALICE, { agencyId: 3, currency: 'CNY', credit: '10000000000.01' })),
    ).toBe('AMOUNT_ABOVE_MAXIMUM');
    expect(
      await refusal(requestFunding(d, ALICE, { ...FUNDING, amountReceived: '100.00', amount: '100.01' })),
    ).toBe('ILLEGAL_INPUT');

    const pending = await requestFunding(d, ALICE, FUNDING);
    // Suspended by the platform (platform-agencies): nothing is requested or posted until resumed.
    await t.database.db.update(agencies).set({ suspendedAt: new Date() }).where(eq(agencies.id, 3));
    expect(await refusal(requestFunding(d, ALICE, { ...FUNDING, referenceNumber: 'X-0' }))).toBe(
      'AGENCY_NOT_ACTIVE',
    );
    expect(await refusal(approveRequest(d, BOB, pending.id))).toBe('AGENCY_NOT_ACTIVE');
    await t.database.db.update(agencies).set({ suspendedAt: null }).where(eq(agencies.id, 3));
    await t.database.db.update(agencies).set({ enabled: false }).where(eq(agencies.id, 3));
    expect(await refusal(requestFunding(d, ALICE, { ...FUNDING, referenceNumber: 'X-1' }))).toBe(
      'AGENCY_NOT_ACTIVE',
    );
    expect(await refusal(approveRequest(d, BOB, pending.id))).toBe('AGENCY_NOT_ACTIVE');
    await t.database.db
      .update(agencies)
      .set({ enabled: true, deletedAt: new Date() })
      .where(eq(agencies.id, 3));
    expect(await refusal(requestFunding(d, ALICE, { ...FUNDING, referenceNumber: 'X-2' }))).toBe(
      'AGENCY_NOT_ACTIVE',
    );
    expect(await topUps(3)).toEqual([]);
  });

  it('sets the credit limit of a top-level agency on approval, with the limit before and after audited', async () => {
    const d = deps();
    const before = await wallet(3);
    const request = await requestCredit(d, ALICE, { agencyId: 3, currency: 'CNY', credit: '12345.67' });
    expect(await wallet(3)).toEqual(before);
    await approveRequest(d, BOB, request.id);
    expect((await wallet(3)).credit).toBe(1_234_567);
    expect(d.audit[1]).toMatchObject({
      action: 'credit.approve',
      before: { creditLimit: { amount: (before.credit / 100).toFixed(2) } },
      after: { creditLimit: { amount: '12345.67' } },
      approvedBy: 102,
    });
    expect(await ledgerViolations(t.database.db)).toEqual([]);
  });
});

describe(`two approvals of one request at once (${usePostgres ? 'PostgreSQL, racing through the pool' : 'PGlite, serialized'})`, () => {
  it('posts once: the second finds the request decided', async () => {
    const d = deps();
    const before = await wallet(1);
    const requests = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        requestFunding(d, ALICE, { ...FUNDING, agencyId: 1, referenceNumber: `BANK-2026-RACE-${i}` }),
      ),
    );
    const outcomes = await Promise.all(
      requests.flatMap((r) =>
        [BOB, CAROL].map((admin) =>
          approveRequest(d, admin, r.id).then(
            () => 'ok',
            (error: unknown) => (error instanceof AppError ? error.errorName : String(error)),
          ),
        ),
      ),
    );
    expect(outcomes.filter((o) => o === 'ok')).toHaveLength(5);
    expect(outcomes.filter((o) => o !== 'ok')).toEqual(Array(5).fill('APPROVAL_NOT_PENDING'));
    expect((await wallet(1)).balance).toBe(before.balance + 5 * 500_000);
    expect(await topUps(1)).toHaveLength(5);
    expect(await ledgerViolations(t.database.db)).toEqual([]);
  }, 120_000);
});

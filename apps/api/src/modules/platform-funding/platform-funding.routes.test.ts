import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Approval, ApprovalList, AgencyOption } from '@portal/domain/platform-funding';
import { rowsOf } from '../../platform/db/rows';
import { bearer, body, login, usePostgres, useTestApp } from '../../test/app';
import { createTestPlatformAdmin, platformHeaders, platformLogin } from '../../test/platform';
import { ledgerViolations, walletAccounts } from '../wallet/index';

const t = useTestApp();

const FUNDING = {
  agencyId: 3,
  currency: 'CNY',
  amountReceived: '800.00',
  exchangeRate: '7.1',
  transactionFeePercent: 1,
  amount: '5623.20',
  referenceNumber: 'HSBC-2026-03-0042',
  note: 'wire of 3 March',
};

let tokens: { alice: string; bob: string; carol: string; support: string };

beforeEach(async () => {
  const make = async (username: string, permissions: ('platform:finance' | 'platform:support')[]) =>
    platformLogin(t.app, await createTestPlatformAdmin(t.app, { username, permissions }));
  tokens = {
    alice: await make('alice', ['platform:finance']),
    bob: await make('bob', ['platform:finance', 'platform:support']),
    carol: await make('carol', ['platform:finance']),
    support: await make('sam', ['platform:support']),
  };
});

const call = (token: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    headers: { ...platformHeaders(token), 'accept-language': 'en' },
  });

const balance = async (agencyId: number) =>
  (await walletAccounts(t.database.db, agencyId)).find((w) => w.currency === 'CNY')?.balanceMinor ?? 0;

const audit = () =>
  rowsOf<{ action: string; admin_id: number; approved_by: number | null; before: unknown; after: unknown }>(
    t.database.db,
    sql`select action, admin_id, approved_by, before, after from platform_audit_log
        where action like 'funding.%' or action like 'credit.%' order by id`,
  );

describe('platform funding requests over HTTP', () => {
  it('funds a top-level agency only after a second platform admin approves', async () => {
    const before = await balance(3);
    const created = await call(tokens.alice, 'POST', '/platform/v2/funding-requests', FUNDING);
    expect(created.statusCode).toBe(200);
    const request = body<Approval>(created).data;
    expect(request).toMatchObject({
      status: 'pending',
      amount: { amount: '5623.20', currency: 'CNY' },
      amountReceived: '800.00',
      exchangeRate: '7.1',
      transactionFeePercent: '1',
      requestedBy: { username: 'alice' },
      allowedActions: ['cancel'],
      blockedBecause: 'ownRequest',
    });
    expect(await balance(3)).toBe(before);

    // Bob reads it with approve and reject offered; Alice's approval is refused (four-eyes).
    const list = body<ApprovalList>(await call(tokens.bob, 'GET', '/platform/v2/approvals?status=pending'));
    expect(list.data.list.map((a) => [a.id, a.allowedActions])).toEqual([
      [request.id, ['approve', 'reject']],
    ]);
    const own = await call(tokens.alice, 'POST', `/platform/v2/approvals/${request.id}/approval`);
    expect([own.statusCode, body(own).code]).toEqual([409, 902001]);

    const approved = await call(tokens.bob, 'POST', `/platform/v2/approvals/${request.id}/approval`);
    expect(approved.statusCode).toBe(200);
    expect(body<Approval>(approved).data).toMatchObject({
      status: 'approved',
      decidedBy: { username: 'bob' },
      allowedActions: [],
    });
    expect(await balance(3)).toBe(before + 562_320);
    const rows = await audit();
    expect(rows.map((r) => r.action)).toEqual(['funding.request', 'funding.approve']);
    expect(rows[1]).toMatchObject({ approved_by: rows[1]?.admin_id });
    expect(rows[1]?.admin_id).not.toBe(rows[0]?.admin_id);
    expect(await ledgerViolations(t.database.db)).toEqual([]);
  });

  it('refuses a duplicate reference, a sub-agency and out-of-bounds amounts with their codes', async () => {
    expect((await call(tokens.alice, 'POST', '/platform/v2/funding-requests', FUNDING)).statusCode).toBe(200);
    const cases: [object, number, number][] = [
      [FUNDING, 409, 902007],
      [{ ...FUNDING, referenceNumber: 'R-2', agencyId: 2 }, 409, 902005],
      [{ ...FUNDING, referenceNumber: 'R-3', amount: '6000.00' }, 400, 100001],
      [
        { ...FUNDING, referenceNumber: 'R-4', amountReceived: undefined, amount: '10000000000.01' },
        400,
        600009,
      ],
    ];
    for (const [payload, status, code] of cases) {
      const res = await call(tokens.bob, 'POST', '/platform/v2/funding-requests', payload);
      expect([res.statusCode, body(res).code]).toEqual([status, code]);
    }
  });

  it('sets a credit limit on approval; rejected and cancelled requests post nothing', async () => {
    const credit = body<Approval>(
      await call(tokens.alice, 'POST', '/platform/v2/credit-requests', {
        agencyId: 3,
        currency: 'CNY',
        credit: '20000',
      }),
    ).data;
    const rejected = body<Approval>(
      await call(tokens.alice, 'POST', '/platform/v2/funding-requests', FUNDING),
    ).data;
    const noReason = await call(tokens.bob, 'POST', `/platform/v2/approvals/${rejected.id}/rejection`, {
      reason: ' ',
    });
    expect(noReason.statusCode).toBe(400);
    const rejection = await call(tokens.bob, 'POST', `/platform/v2/approvals/${rejected.id}/rejection`, {
      reason: 'not on the statement',
    });
    expect(body<Approval>(rejection).data).toMatchObject({
      status: 'rejected',
      reason: 'not on the statement',
    });
    const cancelled = body<Approval>(
      await call(tokens.alice, 'POST', '/platform/v2/funding-requests', {
        ...FUNDING,
        referenceNumber: 'R-9',
      }),
    ).data;
    const notMine = await call(tokens.bob, 'DELETE', `/platform/v2/approvals/${cancelled.id}`);
    expect([notMine.statusCode, body(notMine).code]).toEqual([409, 902004]);
    expect(
      body<Approval>(await call(tokens.alice, 'DELETE', `/platform/v2/approvals/${cancelled.id}`)).data
        .status,
    ).toBe('cancelled');
    const before = await balance(3);
    const approved = await call(tokens.carol, 'POST', `/platform/v2/approvals/${credit.id}/approval`);
    expect(body<Approval>(approved).data.status).toBe('approved');
    const wallet = (await walletAccounts(t.database.db, 3)).find((w) => w.currency === 'CNY');
    expect(wallet?.creditLimitMinor).toBe(2_000_000);
    expect(await balance(3)).toBe(before);
    for (const id of [rejected.id, cancelled.id]) {
      const late = await call(tokens.carol, 'POST', `/platform/v2/approvals/${id}/approval`);
      expect([late.statusCode, body(late).code]).toEqual([409, 902002]);
    }
    const pending = body<Approval>(
      await call(tokens.alice, 'POST', '/platform/v2/funding-requests', {
        ...FUNDING,
        referenceNumber: 'R-10',
      }),
    ).data;
    const history = body<ApprovalList>(
      await call(tokens.carol, 'GET', '/platform/v2/approvals?status=decided'),
    );
    expect(history.data.list.map((a) => [a.kind, a.status, a.entryId !== null])).toEqual([
      ['funding', 'cancelled', false],
      ['funding', 'rejected', false],
      ['credit', 'approved', true],
    ]);
    expect(history.data.list.map((a) => a.id)).not.toContain(pending.id);
    expect((await audit()).map((r) => r.action)).toEqual([
      'credit.request',
      'funding.request',
      'funding.reject',
      'funding.request',
      'funding.cancel',
      'credit.approve',
      'funding.request',
    ]);
    expect(await ledgerViolations(t.database.db)).toEqual([]);
  });

  it('lists top-level agencies only for the forms', async () => {
    const res = await call(tokens.alice, 'GET', '/platform/v2/agency-options');
    const ids = body<AgencyOption[]>(res).data.map((a) => a.id);
    expect(ids.sort((a, b) => a - b)).toEqual([1, 3, 222]);
  });

  it('refuses a support-only platform admin and any agency user on every funding route', async () => {
    const created = body<Approval>(
      await call(tokens.alice, 'POST', '/platform/v2/funding-requests', FUNDING),
    ).data;
    const agency = await login(t.app, 'admin');
    const routes: ['GET' | 'POST' | 'DELETE', string, object?][] = [
      ['POST', '/platform/v2/funding-requests', { ...FUNDING, referenceNumber: 'R-5' }],
      ['POST', '/platform/v2/credit-requests', { agencyId: 3, currency: 'CNY', credit: '1' }],
      ['GET', '/platform/v2/approvals'],
      ['GET', '/platform/v2/agency-options'],
      ['POST', `/platform/v2/approvals/${created.id}/approval`],
      ['POST', `/platform/v2/approvals/${created.id}/rejection`, { reason: 'no' }],
      ['DELETE', `/platform/v2/approvals/${created.id}`],
    ];
    for (const [method, url, payload] of routes) {
      const support = await call(tokens.support, method, url, payload);
      expect([url, support.statusCode, body(support).code]).toEqual([url, 403, 100003]);
      const res = await t.app.inject({
        method,
        url,
        ...(payload ? { payload } : {}),
        headers: bearer(agency),
      });
      expect([url, res.statusCode]).toEqual([url, 403]);
    }
    expect((await audit()).map((r) => r.action)).toEqual(['funding.request']);
  });
});

describe(`two platform admins approving one request at once (${usePostgres ? 'PostgreSQL' : 'PGlite, serialized'})`, () => {
  it('posts it once; the other approval finds it decided', async () => {
    const before = await balance(3);
    const request = body<Approval>(
      await call(tokens.alice, 'POST', '/platform/v2/funding-requests', FUNDING),
    ).data;
    const answers = await Promise.all(
      [tokens.bob, tokens.carol, tokens.bob].map((token) =>
        call(token, 'POST', `/platform/v2/approvals/${request.id}/approval`).then((res) => [
          res.statusCode,
          body(res).code,
        ]),
      ),
    );
    expect(answers.filter(([status]) => status === 200)).toHaveLength(1);
    expect(answers.filter(([status]) => status !== 200)).toEqual([
      [409, 902002],
      [409, 902002],
    ]);
    expect(await balance(3)).toBe(before + 562_320);
    expect((await audit()).filter((r) => r.action === 'funding.approve')).toHaveLength(1);
    expect(await ledgerViolations(t.database.db)).toEqual([]);
  }, 120_000);
});

import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../users/index';
import { AppError } from '../../platform/errors';
import { bearer, login, usePostgres, useTestApp } from '../../test/app';
import { notifications, outboundMessages } from '../notifications/index';
import { setCommonConfig } from '../../test/agency-config';
import { readMail, startSmtpReceiver } from '../notifications/notifications.test-helpers';
import { ledgerViolations } from '../wallet/index';
import { payFromBalance } from '../wallet/index';
import { setCreditLimit } from '../wallet/index';
import { fundThroughParents } from '../wallet/wallet.test-helpers';

/**
 * What a sub-agency is told about its money: the top-up e-mail its parent asks for, and the
 * credit alert once per downward crossing of its threshold, both through the one outbound module
 * (recorded in the ledger's transaction, sent afterwards by the delivery job).
 */
const t = useTestApp();

let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
let mailApp: FastifyInstance;
beforeAll(async () => {
  smtp = await startSmtpReceiver();
  mailApp = await t.build({ SMTP_URL: smtp.url });
});
afterAll(async () => {
  await smtp.close();
});

const messagesOf = (agencyId: number, kind: 'wallet.topped_up' | 'wallet.credit_low') =>
  t.database.db
    .select()
    .from(outboundMessages)
    .where(and(eq(outboundMessages.agencyId, agencyId), eq(outboundMessages.kind, kind)))
    .orderBy(asc(outboundMessages.id));
const noticesOf = (agencyId: number, kind: 'wallet.topped_up' | 'wallet.credit_low') =>
  t.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.agencyId, agencyId), eq(notifications.kind, kind)))
    .orderBy(asc(notifications.id));

/** A SuperUser of agency 2 (the seed has only an operator there), so that notices have a reader. */
async function addSubSuperUser(): Promise<number> {
  const [finance] = await t.database.db.select().from(users).where(eq(users.username, 'finance'));
  const [row] = await t.database.db
    .insert(users)
    .values({
      username: 'subadmin',
      agencyId: 2,
      roles: ['SuperUser'],
      email: 'boss@east.tripbridge.example',
      passwordHash: finance?.passwordHash ?? '',
    })
    .returning({ id: users.id });
  return row?.id ?? 0;
}

const TOP_UP = { currency: 'CNY', amount: '1234.50', exchangeRate: '1', referenceNumber: 'BANK-777' };

async function topUpAgency2(payload: object, key: string) {
  return mailApp.inject({
    method: 'POST',
    url: '/base/v2/agencies/2/balance',
    payload,
    headers: { ...bearer(await login(mailApp, 'finance')), 'idempotency-key': key },
  });
}

describe('top-up e-mail', () => {
  it("sends one e-mail in the sub-agency's e-mail language when asked, once for a replayed request", async () => {
    await setCommonConfig(t.database.db, 2, { emailLanguage: 'en' });
    const before = smtp.mails.length;
    for (let i = 0; i < 2; i += 1) {
      expect((await topUpAgency2({ ...TOP_UP, sendEmail: true }, 'mail-1')).statusCode).toBe(200);
    }
    await mailApp.runDueJobs(new Date());
    const mails = smtp.mails.slice(before);
    expect(mails.map((m) => m.to)).toEqual([['subop@east.tripbridge.example']]);
    const { headers, text } = readMail(mails[0]?.raw ?? '');
    expect(headers.subject).toBe('Your wallet was topped up with 1234.50 CNY');
    expect(text).toContain('Reference: BANK-777');
    expect(text).toContain('Available amount: 6234.50 CNY');
    expect(await messagesOf(2, 'wallet.topped_up')).toMatchObject([{ status: 'sent', attempts: 1 }]);
  });

  it("goes to the company profile's e-mail in Traditional Chinese, with a notice for its SuperUser", async () => {
    const superId = await addSubSuperUser();
    await setCommonConfig(t.database.db, 2, { emailLanguage: 'zh-tw' });
    await t.database.db.execute(
      // The company profile's contact e-mail (the /company page of the sub-agency).
      sql`update agencies set profile = '{"email": "accounts@east.example"}' where id = 2`,
    );
    expect((await topUpAgency2({ ...TOP_UP, sendEmail: true }, 'mail-2')).statusCode).toBe(200);
    const [message] = await messagesOf(2, 'wallet.topped_up');
    expect(message).toMatchObject({ channel: 'email', target: 'accounts@east.example' });
    expect(message?.payload).toMatchObject({ locale: 'zh-tw', subject: '您的錢包已儲值 1234.50 CNY' });
    expect((await noticesOf(2, 'wallet.topped_up')).map((n) => [n.userId, n.params])).toEqual([
      [superId, { currency: 'CNY', amount: '1234.50', reference: 'BANK-777', available: '6234.50' }],
    ]);
  });

  it('sends nothing without the flag or with it false', async () => {
    expect((await topUpAgency2(TOP_UP, 'quiet-1')).statusCode).toBe(200);
    // Another top-up, so another bank reference (one reference is credited once).
    const second = { ...TOP_UP, referenceNumber: 'BANK-778', sendEmail: false };
    expect((await topUpAgency2(second, 'quiet-2')).statusCode).toBe(200);
    expect(await messagesOf(2, 'wallet.topped_up')).toEqual([]);
    expect(await noticesOf(2, 'wallet.topped_up')).toEqual([]);
  });
});

/** A balance payment of agency 2's CNY wallet in its own transaction. */
const pay = (orderId: string, amountMinor: number) =>
  t.database.db.transaction((tx) =>
    payFromBalance(tx, { agencyId: 2, currency: 'CNY', amountMinor, orderId, kind: 'origin-flight' }),
  );

describe('credit alerts', () => {
  // Agency 2 holds 5,000.00 CNY and no credit; threshold 1,000.00.
  const THRESHOLD = 100_000;

  it('goes out once when a payment takes the available amount below the threshold, and again only after it rose back', async () => {
    await addSubSuperUser();
    await setCommonConfig(t.database.db, 2, { creditAlertThreshold: THRESHOLD, emailLanguage: 'zh-cn' });
    await pay('A-1', 350_000); // 1,500.00 left: above
    expect(await messagesOf(2, 'wallet.credit_low')).toEqual([]);
    await pay('A-2', 50_000); // 1,000.00 left: at the threshold is not below it
    expect(await messagesOf(2, 'wallet.credit_low')).toEqual([]);
    await pay('A-3', 1); // 999.99: crossed
    await pay('A-4', 10_000); // still below: no repeat
    const [alert, ...more] = await messagesOf(2, 'wallet.credit_low');
    expect(more).toEqual([]);
    expect(alert?.payload).toMatchObject({ locale: 'zh-cn', subject: '可用余额低于 1000.00 CNY' });
    expect(String(alert?.payload.text)).toContain('可用金额: 999.99 CNY');
    expect((await noticesOf(2, 'wallet.credit_low')).map((n) => n.params)).toEqual([
      { currency: 'CNY', available: '999.99', threshold: '1000.00' },
    ]);
    // Funds lift it back to the threshold; the next crossing alerts again.
    await t.database.db.transaction((tx) =>
      fundThroughParents(tx, { agencyId: 2, currency: 'CNY', amountMinor: 10_001, reference: 'BACK' }),
    );
    await pay('A-5', 1);
    expect(await messagesOf(2, 'wallet.credit_low')).toHaveLength(2);
    const before = smtp.mails.length;
    await mailApp.runDueJobs(new Date());
    expect(smtp.mails.slice(before).map((m) => m.to)).toEqual([
      ['boss@east.tripbridge.example'],
      ['boss@east.tripbridge.example'],
    ]);
  });

  it('counts the credit limit in the available amount: lowering the limit can cross, raising it never alerts', async () => {
    await setCommonConfig(t.database.db, 2, { creditAlertThreshold: 600_000 });
    await t.database.db.transaction((tx) =>
      setCreditLimit(tx, { agencyId: 2, currency: 'CNY', creditLimitMinor: 200_000 }),
    ); // 7,000.00 available
    expect(await messagesOf(2, 'wallet.credit_low')).toEqual([]);
    await t.database.db.transaction((tx) =>
      setCreditLimit(tx, { agencyId: 2, currency: 'CNY', creditLimitMinor: 50_000 }),
    ); // 5,500.00: crossed
    expect(await messagesOf(2, 'wallet.credit_low')).toHaveLength(1);
    await pay('B-1', 500_000); // 500.00 available, already below: no repeat
    expect(await messagesOf(2, 'wallet.credit_low')).toHaveLength(1);
  });

  it('stays off without a threshold, with null, and for a wallet in another currency than the settlement one', async () => {
    await pay('C-1', 499_000);
    await setCommonConfig(t.database.db, 2, { creditAlertThreshold: null });
    await pay('C-2', 500);
    await setCommonConfig(t.database.db, 2, { creditAlertThreshold: 1_000_000 });
    await t.database.db.transaction(async (tx) => {
      await fundThroughParents(tx, {
        agencyId: 2,
        currency: 'USD',
        amountMinor: 2_000_000,
        reference: 'USD',
      });
      await payFromBalance(tx, {
        agencyId: 2,
        currency: 'USD',
        amountMinor: 1_500_000,
        orderId: 'C-3',
        kind: 'origin-flight',
      });
    });
    expect(await messagesOf(2, 'wallet.credit_low')).toEqual([]);
  });

  it('leaves no alert when the posting that crossed is rolled back', async () => {
    await setCommonConfig(t.database.db, 2, { creditAlertThreshold: THRESHOLD });
    await expect(
      t.database.db.transaction(async (tx) => {
        await payFromBalance(tx, {
          agencyId: 2,
          currency: 'CNY',
          amountMinor: 450_000,
          orderId: 'R-1',
          kind: 'origin-flight',
        });
        throw new AppError('ILLEGAL_INPUT');
      }),
    ).rejects.toBeInstanceOf(AppError);
    expect(await messagesOf(2, 'wallet.credit_low')).toEqual([]);
    expect(await noticesOf(2, 'wallet.credit_low')).toEqual([]);
  });

  it(`sends exactly one alert for 40 simultaneous payments that cross together (${usePostgres ? 'PostgreSQL pool' : 'PGlite'})`, async () => {
    await addSubSuperUser();
    await setCommonConfig(t.database.db, 2, { creditAlertThreshold: THRESHOLD });
    // 5,000.00 - 40 x 100.00 = 1,000.00 is not below; 40 x 110.00 leaves 600.00: one of them crosses.
    const results = await Promise.allSettled(Array.from({ length: 40 }, (_, i) => pay(`CC-${i}`, 11_000)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(40);
    expect(await messagesOf(2, 'wallet.credit_low')).toHaveLength(1);
    expect(await noticesOf(2, 'wallet.credit_low')).toHaveLength(1);
    expect(await ledgerViolations(t.database.db)).toEqual([]);
  }, 60_000);
});

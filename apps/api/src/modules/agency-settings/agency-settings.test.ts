import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { AgencySettings, MAX_PRICE_CHAIN_MINOR, PriceChain } from '@portal/domain/agency-settings';
import { agencies } from '../agencies/index';
import { bearer, body, login, useTestApp } from '../../test/app';
import { findAgencyById } from '../agencies/index';
import { minor } from '../shopping/shopping.fixtures';
import { oneWay, search } from '../shopping/shopping.test-helpers';
import { setCreditLimit } from '../wallet/index';
import { fundThroughParents } from '../wallet/wallet.test-helpers';

const t = useTestApp();

async function getConfig(token: string, id: number, locale = 'en') {
  return t.app.inject({
    url: `/base/v2/agencies/${id}/config`,
    headers: { ...bearer(token), 'accept-language': locale },
  });
}

async function putConfig(token: string, id: number, payload: unknown, locale = 'en') {
  return t.app.inject({
    method: 'PUT',
    url: `/base/v2/agencies/${id}/config`,
    headers: { ...bearer(token), 'accept-language': locale },
    payload: payload as object,
  });
}

/** Sub-agency 2's settings as its parent's SuperUser reads them. */
async function settingsOf2(token: string): Promise<AgencySettings> {
  const res = await getConfig(token, 2);
  expect(res.statusCode).toBe(200);
  return AgencySettings.parse(body(res).data);
}

/** A new agency below `parentId` (by default a third level under the demo sub-agency 2), no wallet. */
async function addAgency(parentId = 2, proxyLevel = 2): Promise<number> {
  const [row] = await t.database.db
    .insert(agencies)
    .values({
      name: 'East Branch Kiosk',
      proxyLevel,
      parentId,
      commonConfig: {
        enableFlightService: true,
        enableTrainService: false,
        isShowBill: false,
        canCreateSubAgency: false,
        settlementCurrency: 'CNY',
      },
    })
    .returning();
  return row?.id ?? 0;
}

describe('GET and PUT /base/v2/agencies/:id/config', () => {
  it("reads a sub-agency's settings with defaults for what was never set, and no secret", async () => {
    await t.database.db
      .update(agencies)
      .set({ commonConfig: sql`${agencies.commonConfig} || '{"webhookSigningSecret":"whsec-OWN"}'::jsonb` })
      .where(eq(agencies.id, 2));
    const res = await getConfig(await login(t.app), 2);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('whsec-OWN');
    const settings = AgencySettings.parse(body(res).data);
    expect(settings.common).toMatchObject({
      settlementCurrency: 'CNY',
      isShowBill: false,
      hidePnrBooking: false,
    });
    expect(settings.flight.priceAdjustments).toEqual([
      { category: 'china', unit: 'fixed', value: 500, limit: 0 },
    ]);
    expect(settings.train).toEqual({ notificationUrl: null, manual: false });
    expect(settings.creditPeriod).toEqual({ unit: 'month', value: 1 });
  });

  it('saves every section, answers what it stored, and keeps the webhook signing secret', async () => {
    await t.database.db
      .update(agencies)
      .set({ commonConfig: sql`${agencies.commonConfig} || '{"webhookSigningSecret":"whsec-KEEP"}'::jsonb` })
      .where(eq(agencies.id, 2));
    const token = await login(t.app);
    const settings = await settingsOf2(token);
    const next: AgencySettings = {
      common: {
        ...settings.common,
        emailLanguage: 'zh-tw',
        hidePnrBooking: true,
        onlyShowOwnOrders: true,
        creditAlertThreshold: 50_000,
      },
      flight: {
        ...settings.flight,
        priceAdjustments: [{ category: 'intercontinental', unit: 'percent', value: 1.5, limit: 2000 }],
        filter: { mode: 'whitelist', airlines: ['CA', 'MU'], suppliers: ['sim-gds'] },
        bookingNotificationUrl: 'https://hooks.example.com/booking',
      },
      train: { notificationUrl: 'https://hooks.example.com/train', manual: true },
      creditPeriod: { unit: 'week', value: 2 },
    };
    const res = await putConfig(token, 2, next);
    expect(res.statusCode).toBe(200);
    expect(body(res).data).toEqual(next);
    expect(await settingsOf2(token)).toEqual(next);
    const row = await findAgencyById(t.database.db, 2);
    expect(row?.commonConfig.webhookSigningSecret).toBe('whsec-KEEP');
    expect(row?.commonConfig.trainSettings).toEqual(next.train);
  });

  it('reaches a grandchild, but not its own agency (403), another tree or an unknown id (404)', async () => {
    const grandchild = await addAgency();
    const admin = await login(t.app);
    expect((await getConfig(admin, grandchild)).statusCode).toBe(200);
    const own = await getConfig(admin, 1);
    expect([own.statusCode, body(own).code]).toEqual([403, 100003]);
    for (const id of [3, 222, 999_999]) {
      const res = await getConfig(admin, id);
      expect([id, res.statusCode, body(res).code]).toEqual([id, 404, 100004]);
    }
    const settings = await settingsOf2(admin);
    const foreign = await putConfig(admin, 222, settings);
    expect(foreign.statusCode).toBe(404);
    const self = await putConfig(admin, 1, settings);
    expect(self.statusCode).toBe(403);
  });

  it('refuses users who are not the SuperUser of an agency manager (403)', async () => {
    const settings = await settingsOf2(await login(t.app));
    for (const username of ['operator', 'finance', 'subop', 'trainop', 'partner']) {
      const token = await login(t.app, username);
      const read = await getConfig(token, 2);
      const write = await putConfig(token, 2, settings);
      expect([username, read.statusCode, write.statusCode]).toEqual([username, 403, 403]);
    }
  });

  it('refuses a settings body that is incomplete or out of range with 400 naming the field', async () => {
    const token = await login(t.app);
    const settings = await settingsOf2(token);
    const cases: [unknown, string][] = [
      [{ ...settings, creditPeriod: { unit: 'hour', value: 1 } }, 'creditPeriod.unit'],
      [
        { ...settings, common: { ...settings.common, settlementCurrency: 'XXX' } },
        'common.settlementCurrency',
      ],
      [{ ...settings, train: { notificationUrl: 'not a url', manual: false } }, 'train.notificationUrl'],
      [{ ...settings, flight: { ...settings.flight, maxResponseTimeMs: 10 } }, 'flight.maxResponseTimeMs'],
      [{ common: settings.common, flight: settings.flight, train: settings.train }, 'creditPeriod'],
      [{ ...settings, common: { ...settings.common, webhookSigningSecret: 'mine' } }, 'common'],
    ];
    for (const [payload, path] of cases) {
      const res = await putConfig(token, 2, payload);
      const paths = body<{ errors: { path: string }[] }>(res).data.errors.map((e) => e.path);
      expect([path, res.statusCode, body(res).code, paths.some((p) => p.startsWith(path))]).toEqual([
        path,
        400,
        100001,
        true,
      ]);
    }
    expect(await settingsOf2(token)).toEqual(settings);
  });
});

describe('settlement currency change', () => {
  const change = async (locale: string, id: number) => {
    const token = await login(t.app);
    const settings = AgencySettings.parse(body(await getConfig(token, id)).data);
    const next = { ...settings, common: { ...settings.common, settlementCurrency: 'USD' } };
    return putConfig(token, id, next, locale);
  };

  it('changes the currency of a sub-agency whose wallet holds nothing', async () => {
    const res = await change('en', await addAgency(1, 1));
    expect(res.statusCode).toBe(200);
    expect(AgencySettings.parse(body(res).data).common.settlementCurrency).toBe('USD');
  });

  it('is refused with the spec message in three locales while the wallet holds a balance', async () => {
    const id = await addAgency(1, 1);
    await t.database.db.transaction((tx) =>
      fundThroughParents(tx, { agencyId: id, currency: 'CNY', amountMinor: 10_000, reference: 'SETTLE-1' }),
    );
    const messages: Record<string, string> = {
      en: 'The settlement currency can only be changed while the wallet holds no balance and no credit limit',
      'zh-cn': '钱包尚有余额或信用额度时不能更改结算币种',
      'zh-tw': '錢包尚有餘額或信用額度時不能更改結算幣種',
    };
    for (const [locale, message] of Object.entries(messages)) {
      const res = await change(locale, id);
      expect([res.statusCode, body(res).code, body(res).message]).toEqual([409, 201040, message]);
    }
    expect((await findAgencyById(t.database.db, id))?.commonConfig.settlementCurrency).toBe('CNY');
  });

  it('is refused while the wallet has only a credit limit, and other settings still save', async () => {
    const id = await addAgency(1, 1);
    await t.database.db.transaction((tx) =>
      setCreditLimit(tx, { agencyId: id, currency: 'CNY', creditLimitMinor: 100_000 }),
    );
    expect((await change('en', id)).statusCode).toBe(409);
    const token = await login(t.app);
    const settings = AgencySettings.parse(body(await getConfig(token, id)).data);
    const res = await putConfig(token, id, { ...settings, common: { ...settings.common, isShowBill: true } });
    expect(res.statusCode).toBe(200);
    expect((await findAgencyById(t.database.db, id))?.commonConfig.isShowBill).toBe(true);
  });
});

describe('GET /base/v2/agencies/:id/price-chain', () => {
  const chain = async (username: string, id: number, query: string) =>
    t.app.inject({
      url: `/base/v2/agencies/${id}/price-chain?${query}`,
      headers: bearer(await login(t.app, username)),
    });

  it('shows supplier net, each level from the top agency down and the sale price', async () => {
    const res = await chain('finance', 2, 'category=china&amount=100000&currency=CNY');
    expect(res.statusCode).toBe(200);
    expect(PriceChain.parse(body(res).data)).toEqual({
      category: 'china',
      net: { amount: '1000.00', currency: 'CNY' },
      levels: [
        {
          agencyId: 1,
          agencyName: 'TripBridge Travel Group',
          proxyLevel: 0,
          adjustment: { unit: 'fixed', value: 1000, limit: 0 },
          added: { amount: '10.00', currency: 'CNY' },
          price: { amount: '1010.00', currency: 'CNY' },
        },
        {
          agencyId: 2,
          agencyName: 'TripBridge East Branch',
          proxyLevel: 1,
          adjustment: { unit: 'fixed', value: 500, limit: 0 },
          added: { amount: '5.00', currency: 'CNY' },
          price: { amount: '1015.00', currency: 'CNY' },
        },
      ],
      sale: { amount: '1015.00', currency: 'CNY' },
    });
  });

  it('refuses a net amount past what one request may move with 400, not 500', async () => {
    const res = await chain('admin', 2, 'category=domestic&amount=9007199254740991&currency=CNY');
    expect(res.statusCode, res.body).toBe(400);
    expect(body(res).code).toBe(100001);
    const largest = await chain('admin', 2, `category=domestic&amount=${MAX_PRICE_CHAIN_MINOR}&currency=CNY`);
    expect(largest.statusCode, largest.body).toBe(200);
  });

  it('lists a level without an adjustment as adding nothing, and caps by the limit', async () => {
    const grandchild = await addAgency();
    const admin = await login(t.app);
    const settings = await settingsOf2(admin);
    const capped: AgencySettings = {
      ...settings,
      flight: {
        ...settings.flight,
        priceAdjustments: [{ category: 'intercontinental', unit: 'percent', value: 50, limit: 3000 }],
      },
    };
    expect((await putConfig(admin, 2, capped)).statusCode).toBe(200);
    const res = await chain('admin', grandchild, 'category=intercontinental&amount=100000&currency=CNY');
    const data = PriceChain.parse(body(res).data);
    expect(data.levels.map((l) => [l.agencyId, l.added.amount, l.price.amount])).toEqual([
      [1, '20.00', '1020.00'],
      [2, '30.00', '1050.00'],
      [grandchild, '0.00', '1050.00'],
    ]);
    expect(data.sale.amount).toBe('1050.00');
  });

  it('is the price shopping sells at: a sub-agency sale price is net + its chain', async () => {
    const result = await search(t.app, await login(t.app, 'subop'), oneWay('PEK', 'SHA'));
    const first = result.solutions[0];
    const adult = first?.priceDetail.priceList[0];
    if (!first || !adult) throw new Error('no solution');
    const taxes = minor(adult.tax) + minor(adult.fuelSurcharge) + minor(adult.airportTax);
    const res = await chain('admin', 2, `category=china&amount=${minor(adult.price)}&currency=CNY`);
    const data = PriceChain.parse(body(res).data);
    expect(minor(data.sale.amount) + taxes).toBe(minor(adult.salePrice));
  });

  it('refuses users without agency manager access (403), its own agency (403) and other trees (404)', async () => {
    const query = 'category=china&amount=100&currency=CNY';
    for (const username of ['operator', 'subop', 'trainop', 'partner']) {
      expect([username, (await chain(username, 2, query)).statusCode]).toEqual([username, 403]);
    }
    expect((await chain('admin', 1, query)).statusCode).toBe(403);
    expect((await chain('admin', 222, query)).statusCode).toBe(404);
    const bad = await chain('admin', 2, 'category=moon&amount=-1&currency=CNY');
    expect([bad.statusCode, body(bad).code]).toEqual([400, 100001]);
  });

  it('answers in the currency asked for, zero-digit currencies without decimals', async () => {
    const res = await chain('finance', 2, 'category=domestic&amount=5000&currency=JPY');
    const data = PriceChain.parse(body(res).data);
    expect(data.net).toEqual({ amount: '5000', currency: 'JPY' });
    expect(data.sale).toEqual({ amount: '6000', currency: 'JPY' });
  });
});

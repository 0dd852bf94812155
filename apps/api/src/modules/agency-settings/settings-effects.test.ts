import ExcelJS from 'exceljs';
import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { AgencySettings } from '@portal/domain/agency-settings';
import type { MeResult } from '@portal/domain/auth';
import type { Solution } from '@portal/domain/shopping';
import { agencies } from '../agencies/index';
import { users } from '../users/index';
import { bearer, body, login, useTestApp } from '../../test/app';
import { bookOne } from '../flight-orders/flight-orders.test-helpers';
import { outboundMessages } from '../notifications/index';
import { serviceFeeFor } from '../flight-orders/index';
import { flightsOf, minor } from '../shopping/shopping.fixtures';
import { oneWay, search, searchOnDayWith } from '../shopping/shopping.test-helpers';
import { POPULAR_ROUTE_MIN_FREQUENCY, routeFrequency } from '../../platform/air-routes';

/**
 * Each setting of a sub-agency, saved by its parent's SuperUser through
 * `PUT /base/v2/agencies/2/config`, changes what the sub-agency's users get.
 */
const t = useTestApp({ ENABLE_TEST_HOOKS: 'true' });

afterEach(async () => {
  await t.app.inject({ method: 'DELETE', url: '/__test/suppliers/faults' });
});

/** Saves agency 2's settings changed by `change`, as the parent's SuperUser. */
async function configure(change: (s: AgencySettings) => AgencySettings): Promise<void> {
  const admin = await login(t.app);
  const read = await t.app.inject({ url: '/base/v2/agencies/2/config', headers: bearer(admin) });
  const next = change(AgencySettings.parse(body(read).data));
  const res = await t.app.inject({
    method: 'PUT',
    url: '/base/v2/agencies/2/config',
    headers: bearer(admin),
    payload: next,
  });
  if (res.statusCode !== 200) throw new Error(`settings not saved: ${res.body}`);
}

const common = (patch: Partial<AgencySettings['common']>) => (s: AgencySettings) => ({
  ...s,
  common: { ...s.common, ...patch },
});
const flight = (patch: Partial<AgencySettings['flight']>) => (s: AgencySettings) => ({
  ...s,
  flight: { ...s.flight, ...patch },
});

/** The company flags `GET /base/v2/me` gives `username`'s screens. */
async function companyFlags(username: string): Promise<MeResult['company']['config']['commonConfig']> {
  const me = await t.app.inject({ url: '/base/v2/me', headers: bearer(await login(t.app, username)) });
  return body<MeResult>(me).data.company.config.commonConfig;
}

const carriersOf = (s: Solution) => [
  s.validatingCarrier,
  ...s.legs.flatMap((l) => l.segments.map((x) => x.marketingCarrier)),
];

const subSearch = async (origin: string, destination: string, date?: string) =>
  search(t.app, await login(t.app, 'subop'), oneWay(origin, destination, date));

describe('flight settings in shopping', () => {
  it('airline whitelist keeps only listed airlines; blacklist never shows a listed one', async () => {
    const plain = await subSearch('PEK', 'SHA');
    expect(plain.solutions.some((s) => !carriersOf(s).includes('CA'))).toBe(true);
    await configure(flight({ filter: { mode: 'whitelist', airlines: ['CA'], suppliers: [] } }));
    const white = await subSearch('PEK', 'SHA');
    expect(white.solutions.length).toBeGreaterThan(0);
    expect(white.solutions.every((s) => carriersOf(s).includes('CA'))).toBe(true);
    await configure(flight({ filter: { mode: 'blacklist', airlines: ['CA'], suppliers: [] } }));
    const black = await subSearch('PEK', 'SHA');
    expect(black.solutions.length).toBeGreaterThan(0);
    expect(black.solutions.some((s) => carriersOf(s).includes('CA'))).toBe(false);
  });

  it('supplier whitelist and blacklist decide which suppliers are asked', async () => {
    const names = async () => (await subSearch('PEK', 'SHA')).suppliers.map((s) => s.name).sort();
    expect(await names()).toEqual(['sim-gds', 'sim-lcc', 'sim-ndc']);
    await configure(flight({ filter: { mode: 'whitelist', airlines: [], suppliers: ['sim-gds'] } }));
    expect(await names()).toEqual(['sim-gds']);
    await configure(flight({ filter: { mode: 'blacklist', airlines: [], suppliers: ['sim-gds'] } }));
    expect(await names()).toEqual(['sim-lcc', 'sim-ndc']);
  });

  it('max response time cuts a supplier that does not answer in time', async () => {
    await configure(flight({ maxResponseTimeMs: 1000 }));
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/__test/suppliers/sim-ndc/faults',
          payload: { timeout: true },
        })
      ).statusCode,
    ).toBe(200);
    const result = await subSearch('PEK', 'SHA');
    const status = Object.fromEntries(result.suppliers.map((s) => [s.name, s.status]));
    expect(status['sim-ndc']).toBe('timeout');
    expect(result.finished).toBe(true);
    expect(result.solutions.length).toBeGreaterThan(0);
  });

  it('only free baggage and only with fare basis drop the quotes without them', async () => {
    const noBag = (s: Solution) =>
      (s.baggage.find((b) => b.passengerType === 'adult')?.checked.pieces ?? 0) < 1;
    const noBasis = (s: Solution) => s.legs.some((l) => l.segments.some((x) => x.fareBasis === null));
    // A day with fares of both kinds to drop (not every day has a low-cost fare without fare basis).
    const { date, result: plain } = await searchOnDayWith(
      t.app,
      await login(t.app, 'subop'),
      'SHA',
      'CAN',
      (r) => r.solutions.some(noBag) && r.solutions.some(noBasis),
    );
    expect(plain.solutions.some(noBag)).toBe(true);
    expect(plain.solutions.some(noBasis)).toBe(true);
    await configure(flight({ onlyFreeBaggage: true }));
    const bags = await subSearch('SHA', 'CAN', date);
    expect(bags.solutions.length).toBeGreaterThan(0);
    expect(bags.solutions.some(noBag)).toBe(false);
    await configure(flight({ onlyFreeBaggage: false, onlyWithFareBasis: true }));
    const basis = await subSearch('SHA', 'CAN', date);
    expect(basis.solutions.length).toBeGreaterThan(0);
    expect(basis.solutions.some(noBasis)).toBe(false);
  });

  it('search mode popular leaves out flights on routes with less than daily service', async () => {
    const rare = (s: Solution) =>
      s.legs.some((l) =>
        l.segments.some(
          (x) => routeFrequency(x.departure.airport, x.arrival.airport) < POPULAR_ROUTE_MIN_FREQUENCY,
        ),
      );
    const plain = await subSearch('PEK', 'LHR');
    expect(plain.solutions.some(rare)).toBe(true);
    await configure(flight({ searchMode: 'popular' }));
    const popular = await subSearch('PEK', 'LHR');
    expect(popular.solutions.some(rare)).toBe(false);
    expect(popular.solutions.length).toBeLessThan(plain.solutions.length);
  });

  it('show suppliers names the supplier of each solution to the sub-agency', async () => {
    const hidden = await subSearch('PEK', 'SHA');
    expect(hidden.solutions.every((s) => s.supplier === null)).toBe(true);
    await configure(flight({ showSuppliers: true }));
    const shown = await subSearch('PEK', 'SHA');
    expect(shown.solutions.length).toBeGreaterThan(0);
    expect(shown.solutions.every((s) => s.supplier?.startsWith('sim-'))).toBe(true);
  });

  it('a price adjustment changes the sale price, capped by its limit', async () => {
    const before = await subSearch('PEK', 'SHA');
    await configure(
      flight({ priceAdjustments: [{ category: 'china', unit: 'percent', value: 50, limit: 300 }] }),
    );
    const after = await subSearch('PEK', 'SHA');
    const first = before.solutions[0];
    const same = after.solutions.find(
      (s) => first && flightsOf(s) === flightsOf(first) && s.fareFamily === first.fareFamily,
    );
    const was = first?.priceDetail.priceList[0];
    const now = same?.priceDetail.priceList[0];
    if (!was || !now) throw new Error('no shared solution');
    // The parent's 10 CNY stays; the sub-agency's own 5 CNY becomes 50 % capped at 3 CNY.
    expect(minor(now.salePrice)).toBe(minor(was.salePrice) - 500 + 300);
  });

  it('hide mainland China content leaves out flights within mainland China only', async () => {
    await configure(common({ hideMainlandChinaContent: true }));
    expect((await subSearch('PEK', 'SHA')).solutions).toEqual([]);
    expect((await subSearch('PEK', 'HKG')).solutions.length).toBeGreaterThan(0);
  });

  it('flight service off refuses the sub-agency searches (403)', async () => {
    await configure(common({ enableFlightService: false }));
    const res = await t.app.inject({
      method: 'POST',
      url: '/shopping/v2/flight/async-shopping',
      headers: bearer(await login(t.app, 'subop')),
      payload: oneWay('PEK', 'SHA'),
    });
    expect([res.statusCode, body(res).code]).toEqual([403, 100003]);
  });

  it('hide PNR booking refuses the PNR analysis (403)', async () => {
    const analyse = async () =>
      t.app.inject({
        method: 'POST',
        url: '/shopping/v2/flight/analysis-pnr',
        headers: bearer(await login(t.app, 'subop')),
        payload: { pnr: ' 1.ZHANG/SAN MR  JX4Y2K' },
      });
    expect((await analyse()).statusCode).not.toBe(403);
    await configure(common({ hidePnrBooking: true }));
    const refused = await analyse();
    expect([refused.statusCode, body(refused).code]).toEqual([403, 100003]);
    // The session tells the screens, which leave the PNR mode out.
    expect((await companyFlags('subop')).hidePnrBooking).toBe(true);
  });
});

describe('common settings on orders, bills and messages', () => {
  it('disable payment refuses paying an order (403 600006)', async () => {
    const token = await login(t.app, 'subop');
    const order = await bookOne(t.app, token);
    expect((await companyFlags('subop')).disablePayment).toBe(false);
    await configure(common({ disablePayment: true }));
    // The session tells the screens, which disable their pay buttons with the reason.
    expect((await companyFlags('subop')).disablePayment).toBe(true);
    const res = await t.app.inject({
      method: 'POST',
      url: `/order/v2/flight/orders/${order.id}/payment`,
      headers: { ...bearer(token), 'idempotency-key': `pay-${order.id}` },
      payload: { channel: 'balance' },
    });
    expect([res.statusCode, body(res).code]).toEqual([403, 600006]);
  });

  it("only show own orders hides a colleague's orders", async () => {
    const [subop] = await t.database.db.select().from(users).where(eq(users.username, 'subop'));
    await t.database.db.insert(users).values({
      username: 'subop2',
      agencyId: 2,
      roles: ['operator'],
      passwordHash: subop?.passwordHash ?? '',
    });
    await bookOne(t.app, await login(t.app, 'subop'));
    const total = async () => {
      const res = await t.app.inject({
        url: '/order/v2/flight/orders?pageSize=100',
        headers: bearer(await login(t.app, 'subop2')),
      });
      return body<{ total: number }>(res).data.total;
    };
    expect(await total()).toBe(1);
    await configure(common({ onlyShowOwnOrders: true }));
    expect(await total()).toBe(0);
  });

  it("show bill gives the sub-agency's finance users their wallet", async () => {
    const [finance] = await t.database.db.select().from(users).where(eq(users.username, 'finance'));
    await t.database.db.insert(users).values({
      username: 'subfin',
      agencyId: 2,
      roles: ['finance'],
      passwordHash: finance?.passwordHash ?? '',
    });
    const balances = async () =>
      (
        await t.app.inject({
          url: '/base/v2/wallet/balances',
          headers: bearer(await login(t.app, 'subfin')),
        })
      ).statusCode;
    expect(await balances()).toBe(403);
    await configure(common({ isShowBill: true }));
    expect(await balances()).toBe(200);
  });

  it('service fees are what after-sales charges for change, refund and void', async () => {
    await configure(flight({ serviceFees: { change: 1200, refund: 3400, void: 5600 } }));
    const db = t.database.db;
    expect([
      await serviceFeeFor(db, 2, 'change', 'CNY'),
      await serviceFeeFor(db, 2, 'refund', 'CNY'),
      await serviceFeeFor(db, 2, 'void', 'CNY'),
    ]).toEqual([1200, 3400, 5600]);
  });

  it('e-mail language, send e-mail to sub-agency and the booking URL shape the booking messages', async () => {
    await t.database.db.update(users).set({ email: 'desk@east.example' }).where(eq(users.username, 'subop'));
    await configure((s) => ({
      ...common({ emailLanguage: 'en', sendEmailToSubAgency: true })(s),
      flight: { ...s.flight, bookingNotificationUrl: 'https://hooks.example.com/east' },
    }));
    const order = await bookOne(t.app, await login(t.app, 'subop'));
    const messages = await t.database.db
      .select()
      .from(outboundMessages)
      .where(and(eq(outboundMessages.orderId, order.id), eq(outboundMessages.kind, 'order.booked')));
    expect(messages.map((m) => [m.channel, m.target]).sort()).toEqual([
      ['email', 'desk@east.example'],
      ['email', 'zhang.wei@example.com'],
      ['webhook', 'https://hooks.example.com/east'],
    ]);
    const mail = messages.find((m) => m.channel === 'email');
    expect(mail?.payload.locale).toBe('en');
  });

  it('show invoice type in Excel adds the invoice-type column to the wallet export', async () => {
    const [finance] = await t.database.db.select().from(users).where(eq(users.username, 'finance'));
    await t.database.db.insert(users).values({
      username: 'subfin',
      agencyId: 2,
      roles: ['finance'],
      passwordHash: finance?.passwordHash ?? '',
    });
    const heading = async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/base/v2/wallet/entries/export',
        payload: {},
        headers: { ...bearer(await login(t.app, 'subfin')), 'accept-language': 'en' },
      });
      expect(res.statusCode).toBe(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      return (workbook.worksheets[0]?.getRow(1).values as unknown[]).slice(1);
    };
    await configure(common({ isShowBill: true }));
    expect(await heading()).not.toContain('Invoice type');
    await configure(common({ isShowBill: true, showInvoiceTypeInExcel: true }));
    expect((await heading()).at(-1)).toBe('Invoice type');
  });

  it('the settlement currency is the currency the sub-agency is quoted in', async () => {
    const [agency] = await t.database.db
      .insert(agencies)
      .values({
        name: 'West Branch',
        proxyLevel: 1,
        parentId: 1,
        commonConfig: {
          enableFlightService: true,
          enableTrainService: false,
          isShowBill: false,
          canCreateSubAgency: false,
          settlementCurrency: 'CNY',
        },
      })
      .returning();
    const [subop] = await t.database.db.select().from(users).where(eq(users.username, 'subop'));
    await t.database.db.insert(users).values({
      username: 'westop',
      agencyId: agency?.id ?? 0,
      roles: ['operator'],
      passwordHash: subop?.passwordHash ?? '',
    });
    const admin = await login(t.app);
    const url = `/base/v2/agencies/${agency?.id}/config`;
    const read = AgencySettings.parse(body(await t.app.inject({ url, headers: bearer(admin) })).data);
    const payload = { ...read, common: { ...read.common, settlementCurrency: 'USD' } };
    expect((await t.app.inject({ method: 'PUT', url, headers: bearer(admin), payload })).statusCode).toBe(
      200,
    );
    const result = await search(t.app, await login(t.app, 'westop'), oneWay('PEK', 'SHA'));
    expect(result.solutions.length).toBeGreaterThan(0);
    expect(result.solutions.every((s) => s.priceDetail.total.currency === 'USD')).toBe(true);
  });
});

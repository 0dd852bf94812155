import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ERRORS } from '@portal/domain/errors';
import { PlatformRate, PlatformRates, RatesImportResult } from '@portal/domain/platform-rates';
import { StoredSiteConfig } from '@portal/domain/platform-site';
import { AgencySuppliers } from '@portal/domain/platform-suppliers';
import { bearer, body, login, useTestApp } from '../../test/app';
import { createTestPlatformAdmin, platformHeaders, platformLogin } from '../../test/platform';
import { rowsOf } from '../../platform/db/rows';

const t = useTestApp();

async function adminToken(username: string, permissions: ('platform:finance' | 'platform:support')[]) {
  return platformLogin(t.app, await createTestPlatformAdmin(t.app, { username, permissions }));
}

/** The newest row of the platform audit log (camelCase as the tests compare). */
const lastAudit = async () => {
  const [row] = await rowsOf<Record<string, unknown>>(
    t.database.db,
    sql`select action, target_type as "targetType", target_id as "targetId", before, after, note
          from platform_audit_log order by id desc limit 1`,
  );
  return row;
};

const site = {
  name: 'Harbour Travel Portal',
  shortName: 'Harbour',
  chineseName: '港湾商旅平台',
  chineseShortName: '港湾商旅',
  traditionalName: '',
  traditionalShortName: '',
  dateFormat: 'yyyy/MM/dd',
  defaultCurrency: 'CNY',
  defaultLanguage: 'zh-cn',
  currencies: ['CNY', 'USD'],
  isIcp: true,
  icpCode: '沪ICP备00000000号',
  isNetworkSecurity: true,
  networkSecurityCode: '沪公网安备 31000000000000号',
};

function multipart(bytes: Buffer) {
  const boundary = '----site';
  return {
    payload: Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="logo.png"\r\n`),
      Buffer.from('Content-Type: image/png\r\n\r\n'),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

describe('platform rates routes', () => {
  it('finance overrides and clears a rate, audited; support reads only; an agency session never passes', async () => {
    const finance = await adminToken('rates.finance', ['platform:finance']);
    const support = await adminToken('rates.support', ['platform:support']);
    const put = (token: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/platform/v2/rates/USD/override',
        headers: platformHeaders(token),
        payload: { rate: '0.1450', reason: 'Bank rate of the week' },
      });
    expect((await put(support)).statusCode).toBe(403);
    const agency = await t.app.inject({
      method: 'PUT',
      url: '/platform/v2/rates/USD/override',
      headers: bearer(await login(t.app)),
      payload: { rate: '0.1450', reason: 'x' },
    });
    expect(agency.statusCode).toBe(403);

    const res = await put(finance);
    expect(res.statusCode, res.body).toBe(200);
    expect(PlatformRate.parse(body(res).data)).toMatchObject({ rate: '0.1450', source: 'manual' });
    expect(await lastAudit()).toMatchObject({
      action: 'rates.override',
      targetId: 'USD',
      note: 'Bank rate of the week',
    });
    const rates = await t.app.inject({ url: '/base/v2/exchangeRates' });
    expect(body<{ rates: Record<string, string> }>(rates).data.rates.USD).toBe('0.1450');

    const noReason = await t.app.inject({
      method: 'PUT',
      url: '/platform/v2/rates/EUR/override',
      headers: platformHeaders(finance),
      payload: { rate: '0.13', reason: ' ' },
    });
    expect(noReason.statusCode).toBe(400);

    const cleared = await t.app.inject({
      method: 'DELETE',
      url: '/platform/v2/rates/USD/override',
      headers: platformHeaders(finance),
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(body<{ rate: string; source: string }>(cleared).data).toMatchObject({
      rate: '0.1389',
      source: 'seed',
    });

    const list = await t.app.inject({ url: '/platform/v2/rates', headers: platformHeaders(support) });
    expect(PlatformRates.parse(body(list).data).feed).toBeNull();
    const history = await t.app.inject({
      url: '/platform/v2/rates/USD/history?pageSize=10',
      headers: platformHeaders(support),
    });
    expect(body<{ total: number }>(history).data.total).toBe(3);
  });

  it('"Import now" is 503 without a feed and imports from the configured one', async () => {
    const finance = await adminToken('rates.import', ['platform:finance']);
    const none = await t.app.inject({
      method: 'POST',
      url: '/platform/v2/rates/import',
      headers: platformHeaders(finance),
      payload: {},
    });
    expect(none.statusCode).toBe(503);
    expect(body(none).code).toBe(ERRORS.RATES_FEED_UNAVAILABLE.code);

    const app = await t.build({}, undefined, {
      ratesFeed: {
        name: 'bank-feed',
        fetchRates: async () => ({ asOf: new Date(), rates: { USD: '0.1392' } }),
      },
    });
    const res = await app.inject({
      method: 'POST',
      url: '/platform/v2/rates/import',
      headers: platformHeaders(finance),
      payload: {},
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(RatesImportResult.parse(body(res).data).applied).toEqual([
      { currency: 'USD', from: '0.1389', to: '0.1392' },
    ]);
    expect(await lastAudit()).toMatchObject({ action: 'rates.import', targetId: 'bank-feed' });
  });
});

describe('platform site config routes', () => {
  it('support edits the site config and its logo; getSiteConfig serves them; finance may not', async () => {
    const support = await adminToken('site.support', ['platform:support']);
    const finance = await adminToken('site.finance', ['platform:finance']);
    const denied = await t.app.inject({
      method: 'PUT',
      url: '/platform/v2/site',
      headers: platformHeaders(finance),
      payload: site,
    });
    expect(denied.statusCode).toBe(403);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/platform/v2/site',
      headers: platformHeaders(support),
      payload: site,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(StoredSiteConfig.parse(body(res).data)).toMatchObject(site);
    expect(await lastAudit()).toMatchObject({ action: 'siteConfig.update', targetType: 'siteConfig' });

    const png = await sharp({ create: { width: 800, height: 200, channels: 4, background: '#123456' } })
      .png()
      .toBuffer();
    const { payload, contentType } = multipart(png);
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/platform/v2/site/images/logo',
      headers: { ...platformHeaders(support), 'content-type': contentType },
      payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const served = await t.app.inject({ url: '/base/v2/config/getSiteConfig' });
    const config = body<{ name: string; logo: string }>(served).data;
    expect(config.name).toBe('Harbour Travel Portal');
    const image = await t.app.inject({ url: config.logo });
    expect(await sharp(image.rawPayload).metadata()).toMatchObject({
      format: 'png',
      width: 400,
      height: 100,
    });

    const invalid = await t.app.inject({
      method: 'PUT',
      url: '/platform/v2/site',
      headers: platformHeaders(support),
      payload: { ...site, defaultCurrency: 'EUR' },
    });
    expect(invalid.statusCode).toBe(400);
  });
});

describe('platform supplier allow-list routes', () => {
  it('support sets the suppliers of a top-level agency; a sub-agency or unknown name is refused', async () => {
    const support = await adminToken('sup.support', ['platform:support']);
    const read = await t.app.inject({
      url: '/platform/v2/agencies/1/suppliers',
      headers: platformHeaders(support),
    });
    expect(AgencySuppliers.parse(body(read).data)).toMatchObject({
      agencyId: 1,
      flight: { configured: ['sim-gds', 'sim-ndc', 'sim-lcc'], allowed: null, optIn: [], testMode: [] },
      rail: { configured: ['sim-rail'], allowed: null, optIn: [], testMode: [] },
    });
    const put = (id: number, payload: object) =>
      t.app.inject({
        method: 'PUT',
        url: `/platform/v2/agencies/${id}/suppliers`,
        headers: platformHeaders(support),
        payload,
      });
    expect((await put(2, { flight: ['sim-gds'], rail: null })).statusCode).toBe(404);
    expect((await put(1, { flight: ['sim-xyz'], rail: null })).statusCode).toBe(400);
    const res = await put(1, { flight: ['sim-gds'], rail: [] });
    expect(res.statusCode, res.body).toBe(200);
    expect(body<AgencySuppliers>(res).data.flight.allowed).toEqual(['sim-gds']);
    expect(await lastAudit()).toMatchObject({
      action: 'agency.suppliers',
      targetId: '1',
      before: { flight: null, rail: null },
      after: { flight: ['sim-gds'], rail: [] },
    });
  });
});

import { describe, expect, it } from 'vitest';
import { ExchangeRates, SiteConfig } from '@portal/domain/auth';
import { CURRENCIES } from '@portal/domain/currency';
import { body, usePostgres, useTestApp } from '../../test/app';

const t = useTestApp();

describe('site', () => {
  it('GET /base/v2/config/getSiteConfig answers the SiteConfig without a login', async () => {
    const res = await t.app.inject({ url: '/base/v2/config/getSiteConfig' });
    expect(res.statusCode).toBe(200);
    const site = SiteConfig.parse(body(res).data);
    expect(site).toMatchObject({
      name: 'TripBridge B2B Travel Portal',
      chineseShortName: '行桥商旅',
      traditionalShortName: '行橋商旅',
      defaultCurrency: 'CNY',
      defaultLanguage: 'zh-cn',
      dateFormat: 'yyyy-MM-dd',
      logo: '/logo.svg',
    });
    expect(site.currencies).toEqual([...CURRENCIES]);
    expect(site.rateMap.USD).toBe('0.1389');
    expect(Object.keys(site.rateMap)).toHaveLength(23);
  });

  it('GET /base/v2/exchangeRates answers decimal strings per 1 CNY', async () => {
    const res = await t.app.inject({ url: '/base/v2/exchangeRates' });
    expect(res.statusCode).toBe(200);
    const rates = ExchangeRates.parse(body(res).data);
    expect(rates.base).toBe('CNY');
    expect(rates.rates).toMatchObject({ CNY: '1', USD: '0.1389', JPY: '21.05' });
    for (const currency of CURRENCIES) expect(rates.rates[currency]).toMatch(/^\d+(\.\d+)?$/);
    expect(new Date(rates.updatedAt).toISOString()).toBe(rates.updatedAt);
  });

  it('/healthz and /readyz answer', async () => {
    const health = await t.app.inject({ url: '/healthz' });
    expect(body(health)).toMatchObject({ code: 0, data: { status: 'ok' } });
    const ready = await t.app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(body(ready).data).toMatchObject({
      status: 'ready',
      database: usePostgres ? 'postgres' : 'pglite',
    });
  });
});

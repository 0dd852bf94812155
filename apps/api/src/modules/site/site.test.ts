import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ExchangeRates, SiteConfig } from '@portal/domain/auth';
import { CURRENCIES } from '@portal/domain/currency';
import { body, usePostgres, useTestApp } from '../../test/app';
import { SITE_CONFIG_KEY } from './site.repo';
import { siteSettings } from './site.schema';

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

  it('serves the home page figures, with defaults for a site stored before them', async () => {
    const first = SiteConfig.parse(body(await t.app.inject({ url: '/base/v2/config/getSiteConfig' })).data);
    expect(first.figures).toEqual({ clients: null, suppliers: 60, foundedYear: 2001 });
    // A site stored without figures, then one the platform gave a client count.
    const [stored] = await t.database.db
      .select()
      .from(siteSettings)
      .where(eq(siteSettings.key, SITE_CONFIG_KEY));
    const { figures: _figures, ...older } = stored?.value ?? {};
    await t.database.db
      .update(siteSettings)
      .set({ value: older })
      .where(eq(siteSettings.key, SITE_CONFIG_KEY));
    const before = body<SiteConfig>(await t.app.inject({ url: '/base/v2/config/getSiteConfig' })).data;
    expect(before.figures).toEqual({ clients: null, suppliers: 60, foundedYear: 2001 });
    await t.database.db
      .update(siteSettings)
      .set({ value: { ...older, figures: { clients: 850 } } })
      .where(eq(siteSettings.key, SITE_CONFIG_KEY));
    const set = body<SiteConfig>(await t.app.inject({ url: '/base/v2/config/getSiteConfig' })).data;
    expect(set.figures).toEqual({ clients: 850, suppliers: 60, foundedYear: 2001 });
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

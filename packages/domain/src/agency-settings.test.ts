import { describe, expect, it } from 'vitest';
import { DEFAULT_FLIGHT_SETTINGS } from './agency-config';
import {
  AgencySettings,
  DEFAULT_CREDIT_PERIOD,
  DEFAULT_TRAIN_SETTINGS,
  PriceChainQuery,
  priceChain,
  settingsFromStored,
  storedCommonFromSettings,
} from './agency-settings';
import { applyAdjustmentChain } from './markup';

const stored = {
  enableFlightService: true,
  enableTrainService: false,
  isShowBill: true,
  canCreateSubAgency: false,
  settlementCurrency: 'USD',
  webhookSigningSecret: 'secret',
  paymentChannels: ['balance'],
};

describe('settingsFromStored', () => {
  it('fills the keys an older row lacks with their defaults', () => {
    const settings = settingsFromStored(stored, undefined);
    expect(settings.common).toMatchObject({
      settlementCurrency: 'USD',
      emailLanguage: 'zh-cn',
      hidePnrBooking: false,
      creditAlertThreshold: null,
    });
    expect(settings.flight).toEqual(DEFAULT_FLIGHT_SETTINGS);
    expect(settings.train).toEqual(DEFAULT_TRAIN_SETTINGS);
    expect(settings.creditPeriod).toEqual(DEFAULT_CREDIT_PERIOD);
    expect(AgencySettings.safeParse(settings).success).toBe(true);
  });

  it('never carries the webhook signing secret', () => {
    expect(JSON.stringify(settingsFromStored(stored, DEFAULT_FLIGHT_SETTINGS))).not.toContain('secret');
  });
});

describe('storedCommonFromSettings', () => {
  it('keeps the keys the settings do not name, such as the webhook signing secret', () => {
    const settings = settingsFromStored(stored, DEFAULT_FLIGHT_SETTINGS);
    settings.common.disablePayment = true;
    settings.creditPeriod = { unit: 'week', value: 2 };
    const next = storedCommonFromSettings(stored, settings);
    expect(next).toMatchObject({
      webhookSigningSecret: 'secret',
      paymentChannels: ['balance'],
      disablePayment: true,
      creditPeriod: { unit: 'week', value: 2 },
    });
    expect(settingsFromStored(next, DEFAULT_FLIGHT_SETTINGS)).toEqual(settings);
  });
});

describe('AgencySettings', () => {
  const valid = settingsFromStored(stored, DEFAULT_FLIGHT_SETTINGS);
  it.each([
    ['an unknown e-mail language', { ...valid, common: { ...valid.common, emailLanguage: 'fr' } }],
    ['an unknown currency', { ...valid, common: { ...valid.common, settlementCurrency: 'XXX' } }],
    ['a negative alert threshold', { ...valid, common: { ...valid.common, creditAlertThreshold: -1 } }],
    ['a credit period of 0', { ...valid, creditPeriod: { unit: 'day', value: 0 } }],
    ['a credit period unit of hours', { ...valid, creditPeriod: { unit: 'hour', value: 1 } }],
    ['a train URL that is not a URL', { ...valid, train: { notificationUrl: 'nope', manual: false } }],
    ['an unknown key', { ...valid, extra: true }],
  ])('refuses %s', (_name, value) => {
    expect(AgencySettings.safeParse(value).success).toBe(false);
  });
});

describe('priceChain', () => {
  const top = { agencyId: 1, agencyName: 'Top', proxyLevel: 0 };
  const mid = { agencyId: 2, agencyName: 'Mid', proxyLevel: 1 };
  const leaf = { agencyId: 3, agencyName: 'Leaf', proxyLevel: 2 };

  it('adds each level on the price the level buys at, the total being the shopping arithmetic', () => {
    const a = { unit: 'percent' as const, value: 10, limit: 0 };
    const b = { unit: 'fixed' as const, value: 500, limit: 0 };
    const chain = priceChain('china', 10_000, 'CNY', [
      { ...top, adjustment: a },
      { ...mid, adjustment: null },
      { ...leaf, adjustment: b },
    ]);
    expect(chain.net).toEqual({ amount: '100.00', currency: 'CNY' });
    expect(chain.levels.map((l) => [l.added.amount, l.price.amount])).toEqual([
      ['10.00', '110.00'],
      ['0.00', '110.00'],
      ['5.00', '115.00'],
    ]);
    expect(chain.sale.amount).toBe('115.00');
    expect(applyAdjustmentChain(10_000, [a, b]).total).toBe(11_500);
  });

  it('caps an adjustment at its limit (0 = unlimited) in zero-digit currencies too', () => {
    const chain = priceChain('domestic', 100_000, 'JPY', [
      { ...top, adjustment: { unit: 'percent', value: 10, limit: 3000 } },
    ]);
    expect(chain.levels[0]?.added).toEqual({ amount: '3000', currency: 'JPY' });
    expect(chain.sale.amount).toBe('103000');
  });

  it('reads the amount of the query as minor units', () => {
    expect(PriceChainQuery.parse({ category: 'china', amount: '12345', currency: 'CNY' }).amount).toBe(
      12_345,
    );
    expect(PriceChainQuery.safeParse({ category: 'china', amount: '1.5', currency: 'CNY' }).success).toBe(
      false,
    );
  });
});

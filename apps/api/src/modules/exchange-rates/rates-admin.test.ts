import { describe, expect, it } from 'vitest';
import { RATE_JUMP_MAX_FACTOR } from '@portal/domain/platform-rates';
import { AppError } from '../../platform/errors';
import { useTestApp } from '../../test/app';
import { rateFromCny, readExchangeRates } from './exchange-rates.repo';
import type { RecordRatesAction } from './platform-actions';
import {
  clearOverride,
  importRates,
  listPlatformRates,
  overrideRate,
  rateHistory,
  type RatesAdminDeps,
} from './rates-admin';
import type { RatesFeed } from './rates-feed';

const t = useTestApp();
const actor = { id: 7, username: 'ops.finance' };
/** After the seed's rows, written at the real time. */
const at = new Date(Date.now() + 3_600_000);

function depsWith(feedRates?: Record<string, string>) {
  const recorded: Parameters<RecordRatesAction>[1][] = [];
  const feed: RatesFeed | undefined = feedRates
    ? { name: 'test-feed', fetchRates: async () => ({ asOf: at, rates: feedRates }) }
    : undefined;
  const deps: RatesAdminDeps = {
    db: t.database.db,
    now: () => at,
    feed,
    record: async (_tx, entry) => {
      recorded.push(entry);
    },
  };
  return { deps, recorded };
}

describe('platform exchange rates', () => {
  it('lists every rated currency with its source, the seed first', async () => {
    const rates = await listPlatformRates(t.database.db, undefined);
    expect(rates.feed).toBeNull();
    expect(rates.rates.find((r) => r.currency === 'CNY')).toBeUndefined();
    expect(rates.rates.find((r) => r.currency === 'USD')).toMatchObject({
      rate: '0.1389',
      source: 'seed',
      feedRate: '0.1389',
      override: null,
    });
    const history = await rateHistory(t.database.db, 'USD', 1, 20);
    expect(history.list).toMatchObject([{ event: 'seed', rate: '0.1389' }]);
  });

  it('an override wins over the feed for every reader, is audited and kept in the history', async () => {
    const { deps, recorded } = depsWith({ USD: '0.1400' });
    const usd = await overrideRate(deps, actor, 'USD', { rate: '0.1500', reason: 'Bank rate for the week' });
    expect(usd).toMatchObject({ rate: '0.1500', source: 'manual', feedRate: '0.1389' });
    expect(usd.override).toMatchObject({
      rate: '0.1500',
      reason: 'Bank rate for the week',
      by: 'ops.finance',
    });
    expect(await rateFromCny(t.database.db, 'USD')).toBe('0.1500');
    expect(recorded).toMatchObject([
      { action: 'rates.override', targetId: 'USD', note: 'Bank rate for the week' },
    ]);

    // An import moves the feed rate underneath; the override stays in use.
    const result = await importRates(deps, actor);
    expect(result.applied).toEqual([{ currency: 'USD', from: '0.1389', to: '0.1400' }]);
    expect(await rateFromCny(t.database.db, 'USD')).toBe('0.1500');

    const cleared = await clearOverride(deps, actor, 'USD', 'Week over');
    expect(cleared).toMatchObject({ rate: '0.1400', source: 'feed', override: null });
    const rows = await readExchangeRates(t.database.db);
    expect(rows.find((r) => r.currency === 'USD')?.rate).toBe('0.1400');

    const history = await rateHistory(t.database.db, 'USD', 1, 20);
    expect(history.total).toBe(4);
    expect(history.list.map((h) => h.event)).toEqual(['clear', 'import', 'override', 'seed']);
    expect(history.list[0]).toMatchObject({ reason: 'Week over', by: 'ops.finance', rate: '0.1400' });
  });

  it('the import refuses absurd jumps and invalid rates, and applies the rest', async () => {
    const jumped = (Number('0.1282') * (RATE_JUMP_MAX_FACTOR + 0.1)).toFixed(4);
    const { deps, recorded } = depsWith({
      USD: '0.1391',
      EUR: jumped,
      JPY: '2.105',
      GBP: '-1',
      HKD: '1.0823',
      XXX: '5',
    });
    const result = await importRates(deps, actor);
    expect(result.feed).toBe('test-feed');
    expect(result.applied.map((a) => a.currency).sort()).toEqual(['HKD', 'USD']);
    expect(result.refused).toEqual(
      expect.arrayContaining([
        { currency: 'EUR', from: '0.1282', to: jumped, reason: 'jump' },
        { currency: 'JPY', from: '21.05', to: '2.105', reason: 'jump' },
        { currency: 'GBP', from: '0.1098', to: '-1', reason: 'invalid' },
      ]),
    );
    expect(await rateFromCny(t.database.db, 'EUR')).toBe('0.1282');
    expect(await rateFromCny(t.database.db, 'USD')).toBe('0.1391');
    expect(recorded).toMatchObject([{ action: 'rates.import', targetId: 'test-feed' }]);

    // The same feed again changes nothing.
    const again = await importRates(deps, actor);
    expect(again.applied).toEqual([]);
    expect(again.unchanged).toBe(2);
  });

  it('without a feed, "Import now" is 503 RATES_FEED_UNAVAILABLE', async () => {
    const { deps } = depsWith();
    await expect(importRates(deps, actor)).rejects.toMatchObject({ errorName: 'RATES_FEED_UNAVAILABLE' });
    const failing: RatesFeed = {
      name: 'down',
      fetchRates: async () => {
        throw new Error('timeout');
      },
    };
    await expect(importRates({ ...deps, feed: failing }, actor)).rejects.toBeInstanceOf(AppError);
  });
});

import type { FeedRates, RatesFeed } from '../modules/exchange-rates/index';
import { DEMO_RATES } from '../seed/demo-data';
import { seeded } from './prng';

/** How far one fetch moves each rate at most, either way (a calm market day). */
const DAILY_MOVE = 0.005;

function digitsOf(text: string): number {
  return text.split('.')[1]?.length ?? 0;
}

/**
 * A simulated rates feed for the demo: starts from the demo's rates and moves each by up to
 * ±0.5 % per fetch on a deterministic random walk (seeded by `seed`), so "Import now" shows
 * small changes every time. Wired by `app.ts` in demo mode only.
 */
export function createSimulatedRatesFeed(options: { seed?: string; now?: () => Date } = {}): RatesFeed {
  const random = seeded(`rates-feed:${options.seed ?? 'demo'}`);
  const now = options.now ?? (() => new Date());
  const current = new Map<string, number>(
    Object.entries(DEMO_RATES)
      .filter(([currency]) => currency !== 'CNY')
      .map(([currency, rate]) => [currency, Number(rate)]),
  );
  return {
    name: 'simulated-feed',
    async fetchRates(): Promise<FeedRates> {
      const rates: Record<string, string> = {};
      for (const [currency, rate] of current) {
        const moved = rate * (1 + (random.next() * 2 - 1) * DAILY_MOVE);
        current.set(currency, moved);
        const digits = Math.max(4, digitsOf(DEMO_RATES[currency as keyof typeof DEMO_RATES]));
        rates[currency] = moved.toFixed(digits);
      }
      return { asOf: now(), rates };
    },
  };
}

import { isLowCost } from './carriers';
import { type SimOptions, SimulatedSupplier } from './simulated-supplier';

/**
 * Low-cost source: cabin-bag fares, checked bags paid, no fuel surcharge, often no fare basis.
 * Basic changes for a fee up to 24 h before departure; Saver, cheaper, neither changes nor refunds.
 */
export function createSimLcc(options: SimOptions): SimulatedSupplier {
  return new SimulatedSupplier(
    {
      name: 'sim-lcc',
      contentType: 'lcc',
      priceLevel: 0.62,
      latencyMs: [150, 400],
      channel: 'airline-website',
      carrierOk: isLowCost,
      noFuel: true,
      paidBagMinor: 15_000,
      products: (_cabin, _domestic, rng) => [
        {
          fareFamily: 'Basic',
          tag: 'LCC',
          priceFactor: 1,
          classRank: 'low',
          checkedPieces: 0,
          checkedKg: null,
          paidBag: true,
          // Some low-cost sales carry no fare basis at all.
          withFareBasis: rng.chance(0.5),
          rules: 'lcc',
          restrictions: {},
          ticketingTier: rng.pick(['website', 'special-before-24']),
        },
        {
          fareFamily: 'Saver',
          tag: 'LS',
          priceFactor: 0.9,
          classRank: 'low',
          checkedPieces: 0,
          checkedKg: null,
          paidBag: true,
          withFareBasis: rng.chance(0.5),
          rules: 'lcc-saver',
          restrictions: {},
          ticketingTier: 'website',
        },
      ],
    },
    options,
  );
}

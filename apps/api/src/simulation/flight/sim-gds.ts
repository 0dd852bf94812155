import type { Cabin } from '@portal/domain/shopping';
import type { FareProduct } from './fares';
import { familyName } from './fares';
import { isFullService } from './carriers';
import type { Random } from '../prng';
import { type SimOptions, SimulatedSupplier } from './simulated-supplier';

const standard = (cabin: Cabin): FareProduct => ({
  fareFamily: familyName(cabin, 'Standard'),
  tag: '',
  priceFactor: 1,
  classRank: 'mid',
  checkedPieces: cabin === 'economy' ? 1 : 2,
  checkedKg: cabin === 'economy' ? 23 : 32,
  paidBag: false,
  withFareBasis: true,
  rules: 'standard',
  restrictions: {},
  ticketingTier: 'normal-standard',
});

/** Special products with passenger restrictions (student, seaman, Chinese-passport, senior fares). */
function specialProduct(cabin: Cabin, domestic: boolean, rng: Random): FareProduct {
  const base = {
    ...standard(cabin),
    fareFamily: null,
    classRank: 'low' as const,
    ticketingTier: 'special-48',
  };
  if (domestic) {
    return {
      ...base,
      tag: 'SR',
      priceFactor: 0.7,
      restrictions: {
        minAge: 60,
        documentTypes: ['idcard'],
        eligibleCountries: ['CN'],
        productType: 'senior',
      },
    };
  }
  return rng.pick<FareProduct>([
    {
      ...base,
      tag: 'STU',
      priceFactor: 0.8,
      restrictions: {
        minAge: 12,
        maxAge: 30,
        documentTypes: ['passport', 'chinese-passport'],
        productType: 'student',
      },
    },
    {
      ...base,
      tag: 'SEA',
      priceFactor: 0.75,
      checkedPieces: 2,
      restrictions: { documentTypes: ['passport', 'chinese-passport'], productType: 'seaman' },
    },
    {
      ...base,
      tag: 'CNP',
      priceFactor: 0.9,
      restrictions: {
        documentTypes: ['chinese-passport'],
        eligibleCountries: ['CN'],
        ineligibleCountries: ['HK', 'MO', 'TW'],
        productType: 'cn-passport-only',
      },
    },
  ]);
}

/** GDS-like full-service source: published fares Standard and Flex, sometimes a restricted special fare. */
export function createSimGds(options: SimOptions): SimulatedSupplier {
  return new SimulatedSupplier(
    {
      name: 'sim-gds',
      contentType: 'gds',
      priceLevel: 1,
      latencyMs: [300, 900],
      channel: 'BSP',
      carrierOk: isFullService,
      noFuel: false,
      paidBagMinor: 0,
      products: (cabin, domestic, rng) => [
        standard(cabin),
        {
          ...standard(cabin),
          fareFamily: familyName(cabin, 'Flex'),
          tag: 'FX',
          priceFactor: 1.4,
          classRank: 'high',
          checkedPieces: 2,
          rules: 'flex',
          ticketingTier: 'preference-standard',
        },
        ...(rng.chance(0.35) ? [specialProduct(cabin, domestic, rng)] : []),
      ],
    },
    options,
  );
}

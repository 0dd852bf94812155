import type { Cabin } from '@portal/domain/shopping';
import { sellsNdc } from './carriers';
import { type FareProduct, familyName } from './fares';
import { type SimOptions, SimulatedSupplier } from './simulated-supplier';

function family(cabin: Cabin, brand: 'Light' | 'Standard' | 'Flex'): FareProduct {
  const premium = cabin !== 'economy' && cabin !== 'premium_economy';
  const byBrand = {
    Light: {
      tag: 'LT',
      priceFactor: 0.86,
      classRank: 'low',
      checkedPieces: premium ? 1 : 0,
      rules: 'light',
      ticketingTier: 'fast-standard',
    },
    Standard: {
      tag: '',
      priceFactor: 1,
      classRank: 'mid',
      checkedPieces: premium ? 2 : 1,
      rules: 'standard',
      ticketingTier: 'fast-standard',
    },
    Flex: {
      tag: 'FX',
      priceFactor: 1.38,
      classRank: 'high',
      checkedPieces: 2,
      rules: 'flex',
      ticketingTier: 'preference-standard',
    },
  } as const;
  const b = byBrand[brand];
  return {
    fareFamily: familyName(cabin, brand),
    tag: b.tag,
    priceFactor: b.priceFactor,
    classRank: b.classRank,
    checkedPieces: b.checkedPieces,
    checkedKg: b.checkedPieces === 0 ? null : premium ? 32 : 23,
    paidBag: false,
    withFareBasis: true,
    rules: b.rules,
    restrictions: {},
    ticketingTier: b.ticketingTier,
  };
}

/** NDC source of the airlines themselves: fare families Light / Standard / Flex. */
export function createSimNdc(options: SimOptions): SimulatedSupplier {
  return new SimulatedSupplier(
    {
      name: 'sim-ndc',
      contentType: 'ndc',
      priceLevel: 0.98,
      latencyMs: [600, 1500],
      channel: 'NDC',
      carrierOk: sellsNdc,
      noFuel: false,
      paidBagMinor: 0,
      products: (cabin) => [family(cabin, 'Light'), family(cabin, 'Standard'), family(cabin, 'Flex')],
    },
    options,
  );
}

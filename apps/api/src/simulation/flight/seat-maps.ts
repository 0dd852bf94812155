import type { Cabin } from '@portal/domain/shopping';
import type {
  Offer,
  OfferSegment,
  SeatFeature,
  SupplierSeat,
  SupplierSeatMap,
  SupplierSeatRow,
} from '../../modules/shopping/index';
import { seeded } from '../prng';

/**
 * Simulated seat maps: a cabin layout by aircraft type, the same seats taken for the same flight
 * whoever asks (seeded by carrier, number and local departure), paid front and exit rows.
 */

/** Columns of one cabin, '' for an aisle, and the rows it spans. */
interface CabinLayout {
  columns: readonly string[];
  firstRow: number;
  lastRow: number;
  /** Over-wing or door exits: extra legroom, no infants or children. */
  exitRows: readonly number[];
  /** Bulkhead rows with a bassinet position (wide bodies). */
  bassinetRows: readonly number[];
}

interface AircraftLayout {
  premium: CabinLayout;
  economy: CabinLayout;
}

const cols = (spec: string): string[] => spec.split('').map((c) => (c === '_' ? '' : c));

const NARROW: AircraftLayout = {
  premium: { columns: cols('AC_DF'), firstRow: 1, lastRow: 3, exitRows: [], bassinetRows: [] },
  economy: { columns: cols('ABC_DEF'), firstRow: 6, lastRow: 30, exitRows: [12, 13], bassinetRows: [] },
};
/** A330 and A350/787 (2-4-2 and 3-3-3 economy; 1-2-1 business). */
const WIDE_242: AircraftLayout = {
  premium: { columns: cols('A_DG_K'), firstRow: 1, lastRow: 8, exitRows: [], bassinetRows: [] },
  economy: { columns: cols('AC_DEFG_HK'), firstRow: 20, lastRow: 48, exitRows: [31], bassinetRows: [20] },
};
const WIDE_333: AircraftLayout = {
  premium: { columns: cols('A_DG_K'), firstRow: 1, lastRow: 8, exitRows: [], bassinetRows: [] },
  economy: { columns: cols('ABC_DEF_GHK'), firstRow: 20, lastRow: 50, exitRows: [33], bassinetRows: [20] },
};
/** 777-300ER and A380 main deck: 3-4-3 economy. */
const WIDE_343: AircraftLayout = {
  premium: { columns: cols('A_DG_K'), firstRow: 1, lastRow: 10, exitRows: [], bassinetRows: [] },
  economy: {
    columns: cols('ABC_DEFG_HJK'),
    firstRow: 30,
    lastRow: 60,
    exitRows: [42],
    bassinetRows: [30],
  },
};

/** The layout of an aircraft type code (IATA: 320, 738, 333, 789, 77W …). */
export function layoutOf(aircraft: string): AircraftLayout {
  if (['332', '333', '330'].includes(aircraft)) return WIDE_242;
  if (['789', '788', '359', '350'].includes(aircraft)) return WIDE_333;
  if (['77W', '777', '388', '380'].includes(aircraft)) return WIDE_343;
  return NARROW;
}

const PREMIUM_CABINS: readonly Cabin[] = ['first', 'premium_first', 'business', 'premium_business'];

/** Window, aisle or middle, by the column's place among the aisles. */
function placeOf(columns: readonly string[], index: number): SeatFeature {
  if (index === 0 || index === columns.length - 1) return 'window';
  if (columns[index - 1] === '' || columns[index + 1] === '') return 'aisle';
  return 'middle';
}

/** Minor units (CNY) of a paid seat: dearer on long flights. */
function seatPrices(segment: OfferSegment): { front: number; exit: number } {
  const factor = segment.durationMinutes > 300 ? 2 : 1;
  return { front: 5_000 * factor, exit: 12_000 * factor };
}

/** The seat map of one segment of an offer, in the segment's cabin. */
export function seatMapOf(segment: OfferSegment, segmentIndex: number): SupplierSeatMap {
  const layout = layoutOf(segment.aircraft);
  const premium = PREMIUM_CABINS.includes(segment.cabin);
  const cabin = premium ? layout.premium : layout.economy;
  const rng = seeded(
    `seats|${segment.carrier}${segment.flightNumber}|${segment.origin}|${segment.departureLocal}|${premium}`,
  );
  const prices = seatPrices(segment);
  // A full flight shows fewer free seats; the load factor is the flight's own.
  const load = 0.25 + rng.next() * 0.45;
  const rows: SupplierSeatRow[] = [];
  for (let row = cabin.firstRow; row <= cabin.lastRow; row++) {
    // Chinese carriers skip the unlucky row 14 in economy.
    if (row === 14 && !premium) continue;
    const exit = cabin.exitRows.includes(row);
    const front = !premium && row < cabin.firstRow + 3;
    const seats = cabin.columns.map((letter, index): SupplierSeat | null => {
      if (letter === '') return null;
      const features: SeatFeature[] = [placeOf(cabin.columns, index)];
      if (exit) features.push('exit_row', 'extra_legroom');
      if (cabin.bassinetRows.includes(row)) features.push('bassinet');
      const priceMinor = premium ? 0 : exit ? prices.exit : front ? prices.front : 0;
      return {
        designator: `${row}${letter}`,
        available: !rng.chance(load),
        priceMinor,
        features,
        refusedTypes: exit ? ['infant', 'child'] : [],
      };
    });
    rows.push({ row, seats });
  }
  return { segmentIndex, aircraft: segment.aircraft, cabin: segment.cabin, columns: cabin.columns, rows };
}

/** The seat maps of every segment of an offer (flattened leg by leg). */
export function seatMapsOf(offer: Offer): SupplierSeatMap[] {
  return offer.legs.flatMap((l) => l.segments).map((segment, i) => seatMapOf(segment, i));
}

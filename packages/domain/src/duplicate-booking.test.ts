import { describe, expect, it } from 'vitest';
import {
  DUPLICATE_REASON_MAX,
  DuplicateConfirmed,
  duplicateBookingNumbers,
  findDuplicateBookings,
  flightsOverlap,
  sameTraveller,
  type BookedFlight,
  type Traveller,
} from './duplicate-booking';

const at = (iso: string) => Date.parse(iso);
const flight = (name: string, date: string, dep: string, arr: string): BookedFlight => ({
  flight: name,
  date,
  departureUtc: at(dep),
  arrivalUtc: at(arr),
});
const zhang: Traveller = { surname: 'ZHANG', givenNames: 'WEI', documentNumber: 'E12345678' };
const mu5101 = flight('MU5101', '2026-06-15', '2026-06-15T00:00Z', '2026-06-15T02:10Z');

describe('the same traveller', () => {
  it.each([
    [{ ...zhang }, true],
    [{ surname: 'zhang', givenNames: ' wei ', documentNumber: 'e1234-5678' }, true],
    [{ ...zhang, documentNumber: 'E12345679' }, false],
    [{ ...zhang, givenNames: 'WEI MIN' }, false],
    [{ ...zhang, surname: 'LI' }, false],
  ])('%o is the same traveller as ZHANG/WEI E12345678: %s', (other, same) => {
    expect(sameTraveller(zhang, other)).toBe(same);
  });
});

describe('overlapping flights', () => {
  it.each([
    [
      'the same flight on the same date',
      flight('MU5101', '2026-06-15', '2026-06-15T08:00Z', '2026-06-15T10:00Z'),
      true,
    ],
    [
      'the same flight number in lower case',
      flight('mu5101', '2026-06-15', '2026-06-15T00:00Z', '2026-06-15T02:10Z'),
      true,
    ],
    [
      'the same flight a day later',
      flight('MU5101', '2026-06-16', '2026-06-16T00:00Z', '2026-06-16T02:10Z'),
      false,
    ],
    [
      'another flight in the air at the same time',
      flight('CA1501', '2026-06-15', '2026-06-15T01:00Z', '2026-06-15T03:00Z'),
      true,
    ],
    [
      'another flight inside it',
      flight('CA1501', '2026-06-15', '2026-06-15T00:30Z', '2026-06-15T01:00Z'),
      true,
    ],
    [
      'another flight leaving as it lands',
      flight('CA1501', '2026-06-15', '2026-06-15T02:10Z', '2026-06-15T04:00Z'),
      false,
    ],
    [
      'another flight landing before it leaves',
      flight('CA1501', '2026-06-14', '2026-06-14T20:00Z', '2026-06-15T00:00Z'),
      false,
    ],
  ])('%s: %s', (_name, other, overlaps) => {
    expect(flightsOverlap(mu5101, other)).toBe(overlaps);
    expect(flightsOverlap(other, mu5101)).toBe(overlaps);
  });
});

describe('duplicate bookings', () => {
  const held = [
    { bookingNumber: 'F1', passengers: [{ traveller: zhang, flights: [mu5101] }] },
    {
      bookingNumber: 'F2',
      passengers: [
        { traveller: { ...zhang, documentNumber: 'E00000000' }, flights: [mu5101] },
        {
          traveller: zhang,
          flights: [flight('MU5102', '2026-06-20', '2026-06-20T00:00Z', '2026-06-20T02:00Z')],
        },
      ],
    },
    { bookingNumber: 'F3', passengers: [{ traveller: zhang, flights: [] }] },
  ];

  it('names each held booking, passenger and flight that overlaps the new booking', () => {
    const found = findDuplicateBookings({ travellers: [zhang], flights: [mu5101] }, held);
    expect(found).toEqual([
      { bookingNumber: 'F1', passenger: 'ZHANG/WEI', flight: 'MU5101', date: '2026-06-15' },
    ]);
    expect(duplicateBookingNumbers([...found, ...found])).toEqual(['F1']);
  });

  it('finds nothing for another traveller, or flights that do not overlap', () => {
    expect(
      findDuplicateBookings({ travellers: [{ ...zhang, surname: 'LI' }], flights: [mu5101] }, held),
    ).toEqual([]);
    const later = flight('MU5101', '2026-06-16', '2026-06-16T00:00Z', '2026-06-16T02:10Z');
    expect(findDuplicateBookings({ travellers: [zhang], flights: [later] }, held)).toEqual([]);
  });
});

describe('the confirmation of a duplicate', () => {
  it('takes a reason of 1 to the maximum characters, trimmed', () => {
    expect(DuplicateConfirmed.parse({ reason: '  group split  ' })).toEqual({ reason: 'group split' });
    expect(DuplicateConfirmed.safeParse({ reason: '   ' }).success).toBe(false);
    expect(DuplicateConfirmed.safeParse({ reason: 'x'.repeat(DUPLICATE_REASON_MAX + 1) }).success).toBe(
      false,
    );
    expect(DuplicateConfirmed.safeParse({ reason: 'x'.repeat(DUPLICATE_REASON_MAX) }).success).toBe(true);
    expect(DuplicateConfirmed.safeParse({ reason: 'ok', extra: 1 }).success).toBe(false);
  });
});

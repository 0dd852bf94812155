/*
 * One booked flight and its seats and bags (a booked seat, two bags, a replaced seat), as the
 * itinerary and the order e-mails' tests read them.
 */
export const segment = {
  marketingCarrier: 'CA',
  operatingCarrier: 'CA',
  flightNumber: '1501',
  aircraft: '320',
  departure: { airport: 'PEK', terminal: null, time: '2030-05-01T08:00', timeZone: 'Asia/Shanghai' },
  arrival: { airport: 'SHA', terminal: null, time: '2030-05-01T10:15', timeZone: 'Asia/Shanghai' },
  durationMinutes: 135,
  cabin: 'economy',
  bookingClass: 'Y',
  fareBasis: null,
};

export const ancillaries = [
  {
    passengerIndex: 0,
    kind: 'seat',
    segmentIndexes: [0],
    designator: '12A',
    quantity: 1,
    weightKg: null,
    status: 'booked',
  },
  {
    passengerIndex: 0,
    kind: 'bag',
    segmentIndexes: [0],
    designator: null,
    quantity: 2,
    weightKg: 23,
    status: 'booked',
  },
  {
    passengerIndex: 0,
    kind: 'seat',
    segmentIndexes: [0],
    designator: '3C',
    quantity: 1,
    weightKg: null,
    status: 'replaced',
  },
] as const;

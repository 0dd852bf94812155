import { describe, expect, it } from 'vitest';
import { journeysFromSegments, parsePnr, type ParsedSegment } from './pnr-parser';

const today = '2026-11-22';

const ca981 = {
  carrier: 'CA',
  flightNumber: '981',
  bookingClass: 'Y',
  date: '2027-01-05',
  origin: 'PEK',
  destination: 'JFK',
  departureTime: '13:00',
  arrivalTime: '14:20',
  status: 'HK',
};

describe('parsePnr: Amadeus-like text', () => {
  const text = [
    'RP/PEKCA2100/PEKCA2100            AA/SU  22NOV26/0101Z   ABC123',
    ' 1.ZHANG/SAN MR  2.LI/SI MS',
    '  3  CA 981 Y 05JAN 1 PEKJFK HK2  1300 1420  *1A/E*',
    '  4  MU5101 Y 05JAN27 PVGPEK HK1 0800 1015',
    '  5  CA 982 Y 10JAN 7 JFKPEK HK2  1630 1930+1  *1A/E*',
  ].join('\n');

  it('reads names, segments and the record locator of the header', () => {
    const result = parsePnr(text, today);
    expect(result.recordLocator).toBe('ABC123');
    expect(result.passengers).toEqual([
      { surname: 'ZHANG', givenName: 'SAN', title: 'MR', type: 'adult' },
      { surname: 'LI', givenName: 'SI', title: 'MS', type: 'adult' },
    ]);
    expect(result.segments).toEqual([
      ca981,
      {
        carrier: 'MU',
        flightNumber: '5101',
        bookingClass: 'Y',
        date: '2027-01-05',
        origin: 'PVG',
        destination: 'PEK',
        departureTime: '08:00',
        arrivalTime: '10:15',
        status: 'HK',
      },
      {
        carrier: 'CA',
        flightNumber: '982',
        bookingClass: 'Y',
        date: '2027-01-10',
        origin: 'JFK',
        destination: 'PEK',
        departureTime: '16:30',
        arrivalTime: '19:30',
        arrivalDayOffset: 1,
        status: 'HK',
      },
    ]);
    expect(result.errors).toEqual([]);
  });

  it('reads an infant attached to an adult, with or without its own surname', () => {
    const { passengers } = parsePnr(
      ' 1.WANG/WU MR(INFWANG/LIU/05JAN25)  2.ZHAO/LIU MRS(INFXIAO/10FEB26)',
      today,
    );
    expect(passengers).toEqual([
      { surname: 'WANG', givenName: 'WU', title: 'MR', type: 'adult' },
      { surname: 'WANG', givenName: 'LIU', type: 'infant' },
      { surname: 'ZHAO', givenName: 'LIU', title: 'MRS', type: 'adult' },
      { surname: 'ZHAO', givenName: 'XIAO', type: 'infant' },
    ]);
  });

  it.each([
    ['1.ZHANG/XIAO MSTR', 'child'],
    ['1.ZHANG/XIAO MISS', 'child'],
    ['1.ZHANG/XIAO(CHD/05JAN20)', 'child'],
    ['1.ZHANG/BABY(INF)', 'infant'],
    ['1.ZHANG/SAN MING MR', 'adult'],
  ] as const)('reads %s as a %s', (line, type) => {
    expect(parsePnr(line, today).passengers.map((p) => p.type)).toEqual([type]);
  });

  it('keeps a multi-word given name and takes only a known title', () => {
    expect(parsePnr('1.LI/XIAO MING MR', today).passengers[0]).toEqual({
      surname: 'LI',
      givenName: 'XIAO MING',
      title: 'MR',
      type: 'adult',
    });
    expect(parsePnr('1.LI/XIAO MING', today).passengers[0]).toEqual({
      surname: 'LI',
      givenName: 'XIAO MING',
      type: 'adult',
    });
  });
});

describe('parsePnr: Sabre-like text', () => {
  it('reads 1.1 name numbers, the class joined to the number and a letter day of week', () => {
    const result = parsePnr(
      ['1.1ZHANG/SAN MR 2.1LI/SI MS', ' 1 CA 981Y 05JAN M PEKJFK HK2  1300  1420  /DCCA /E'].join('\n'),
      today,
    );
    expect(result.passengers.map((p) => `${p.surname}/${p.givenName} ${p.title ?? ''}`)).toEqual([
      'ZHANG/SAN MR',
      'LI/SI MS',
    ]);
    expect(result.segments).toEqual([ca981]);
    expect(result.errors).toEqual([]);
  });

  it('reads several given names under one surname', () => {
    expect(parsePnr('1.2ZHANG/SAN MR/SI MS', today).passengers).toEqual([
      { surname: 'ZHANG', givenName: 'SAN', title: 'MR', type: 'adult' },
      { surname: 'ZHANG', givenName: 'SI', title: 'MS', type: 'adult' },
    ]);
  });
});

describe('parsePnr: Travelport-like text', () => {
  it('reads *ADT and *CHD markers and segment lines numbered "1."', () => {
    const result = parsePnr(
      [
        '1.1ZHANG/SAN*ADT 2.1LI/XIAOMING*CHD 3.1LI/BABY*INF',
        '1. CA  981 Y  05JAN PEKJFK HK2  1300   1420  O*',
      ].join('\r\n'),
      today,
    );
    expect(result.passengers).toEqual([
      { surname: 'ZHANG', givenName: 'SAN', type: 'adult' },
      { surname: 'LI', givenName: 'XIAOMING', type: 'child' },
      { surname: 'LI', givenName: 'BABY', type: 'infant' },
    ]);
    expect(result.segments).toEqual([ca981]);
  });
});

describe('parsePnr: free text', () => {
  it.each([
    ['CA981 PEK-JFK 05JAN24 13:00', { date: '2024-01-05', departureTime: '13:00' }],
    ['ca981 pek-jfk 05jan30 13:00', { date: '2030-01-05', departureTime: '13:00' }],
    ['CA981 PEK JFK 05JAN', { date: '2027-01-05' }],
    [
      'CA 981 05JAN27 PEKJFK 1300 1420+1',
      { date: '2027-01-05', departureTime: '13:00', arrivalTime: '14:20', arrivalDayOffset: 1 },
    ],
    [
      'CA981 PEK-JFK 22NOV 23:30 06:10 +1',
      { date: '2026-11-22', departureTime: '23:30', arrivalTime: '06:10', arrivalDayOffset: 1 },
    ],
    [
      'CA981 PEK-JFK 05JAN 1300 0610 06JAN',
      { date: '2027-01-05', departureTime: '13:00', arrivalTime: '06:10', arrivalDayOffset: 1 },
    ],
    ['3U8888 CTU-PEK 21NOV', { carrier: '3U', flightNumber: '8888', date: '2027-11-21' }],
  ])('reads %j', (line, expected) => {
    const { segments, errors } = parsePnr(line, today);
    expect(errors).toEqual([]);
    expect(segments).toHaveLength(1);
    expect(segments[0]).toMatchObject(expected);
  });

  it('reads a two-digit year as 20yy for travel, not by the birth-date rule', () => {
    expect(parsePnr('CA981 PEK-JFK 05JAN30', today).segments[0]?.date).toBe('2030-01-05');
  });
});

describe('parsePnr: unreadable input', () => {
  it.each([
    'CA981 PEK-JFK 31FEB',
    'CA981 PEK-JFK 05JAN 2500',
    'CA981 PEK-JFK',
    'CA981 05JAN',
    'hello world',
    '1.ZHANG SAN MR',
    '1.ZHANG/S4N MR',
    '1.ZHANG/SAN MR(INFA/B/C)',
    'SSR FOID CA HK1 XX/P1',
  ])('reports %j as an error line and never throws', (line) => {
    const result = parsePnr(`\n${line}\n`, today);
    expect(result.errors).toEqual([{ line: 2, text: line }]);
    expect(result.segments).toEqual([]);
    expect(result.passengers).toEqual([]);
  });

  it('skips blank lines and returns nothing for empty text', () => {
    expect(parsePnr('\n  \n', today)).toEqual({ segments: [], passengers: [], errors: [] });
  });

  it('accepts today as a Date', () => {
    expect(parsePnr('CA981 PEK-JFK 21NOV', new Date('2026-11-22T01:00:00Z')).segments[0]?.date).toBe(
      '2027-11-21',
    );
  });
});

describe('journeysFromSegments', () => {
  const seg = (
    origin: string,
    destination: string,
    date: string,
    dep?: string,
    arr?: string,
    offset?: number,
  ): ParsedSegment => ({
    carrier: 'CA',
    flightNumber: '1',
    origin,
    destination,
    date,
    ...(dep ? { departureTime: dep } : {}),
    ...(arr ? { arrivalTime: arr } : {}),
    ...(offset ? { arrivalDayOffset: offset } : {}),
  });

  it('joins a connection within 24 hours into one journey', () => {
    expect(
      journeysFromSegments([
        seg('PVG', 'PEK', '2027-01-05', '08:00', '10:15'),
        seg('PEK', 'JFK', '2027-01-05', '13:00', '14:20'),
      ]),
    ).toEqual([{ origin: 'PVG', destination: 'JFK', date: '2027-01-05' }]);
  });

  it('counts the arrival day offset when measuring the connection', () => {
    const overnight = [
      seg('JFK', 'PEK', '2027-01-10', '16:30', '19:30', 1),
      seg('PEK', 'SHA', '2027-01-12', '08:00'),
    ];
    expect(journeysFromSegments(overnight)).toHaveLength(1);
    const tooLate = [
      seg('JFK', 'PEK', '2027-01-10', '16:30', '19:30', 1),
      seg('PEK', 'SHA', '2027-01-12', '20:00'),
    ];
    expect(journeysFromSegments(tooLate)).toHaveLength(2);
  });

  it('starts a new journey after more than 24 hours, from another airport, or back to the start', () => {
    expect(
      journeysFromSegments([
        seg('PEK', 'JFK', '2027-01-05', '13:00', '14:20'),
        seg('JFK', 'PEK', '2027-01-10', '16:30', '19:30', 1),
      ]),
    ).toEqual([
      { origin: 'PEK', destination: 'JFK', date: '2027-01-05' },
      { origin: 'JFK', destination: 'PEK', date: '2027-01-10' },
    ]);
    expect(
      journeysFromSegments([seg('PEK', 'JFK', '2027-01-05'), seg('LGA', 'ORD', '2027-01-05')]),
    ).toHaveLength(2);
    expect(
      journeysFromSegments([
        seg('PEK', 'SHA', '2027-01-05', '08:00', '10:00'),
        seg('SHA', 'PEK', '2027-01-05', '18:00'),
      ]),
    ).toHaveLength(2);
  });

  it('treats a next departure before the arrival as a new journey', () => {
    expect(
      journeysFromSegments([
        seg('PEK', 'SHA', '2027-01-05', '08:00', '10:00'),
        seg('SHA', 'CAN', '2027-01-05', '09:00'),
      ]),
    ).toHaveLength(2);
  });

  it('groups segments read from a pasted PNR', () => {
    const { segments } = parsePnr(
      'MU5101 PVG-PEK 05JAN 08:00 10:15\nCA981 PEK-JFK 05JAN 13:00 14:20\nCA982 JFK-PEK 10JAN',
      today,
    );
    expect(journeysFromSegments(segments)).toEqual([
      { origin: 'PVG', destination: 'JFK', date: '2027-01-05' },
      { origin: 'JFK', destination: 'PEK', date: '2027-01-10' },
    ]);
  });

  it('returns no journeys for no segments', () => {
    expect(journeysFromSegments([])).toEqual([]);
  });
});

describe('parsePnr: hostile text', () => {
  // Each of these took seconds to hours when patterns could backtrack over runs of blanks
  // (a 300-character names line of spaces took 10 s); read in linear time they take milliseconds.
  const hostile = {
    'a names line padded with thousands of blanks': `1.A/B${' '.repeat(4900)}*`,
    'blanks and tabs before an open bracket': `1.A/B${' \t'.repeat(2400)}(X`,
    'a receipt name followed by blanks': `NAME: A/B${' '.repeat(4900)}!`,
    'a flight followed by thousands of dates': `CA1 ${'05JAN '.repeat(800)}`,
    'a DOCS element of empty fields': `SSR DOCS CA HK1 ${'P/'.repeat(2400)}`,
    'a names line of one-letter words before a locator': `1.${'A '.repeat(2400)}ABC123`,
  };

  it.each(Object.entries(hostile))('reads %s of 5,000 characters at once', (_name, text) => {
    const started = performance.now();
    const result = parsePnr(text, today);
    // Generous: a hundred times the time it takes, so a loaded machine still passes.
    expect(performance.now() - started).toBeLessThan(1000);
    expect(result.segments.length + result.passengers.length + result.errors.length).toBeGreaterThan(0);
  });
});

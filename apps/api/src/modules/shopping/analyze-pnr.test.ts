import { describe, expect, it } from 'vitest';
import { PnrAnalysisResult } from '@portal/domain/shopping';
import { bearer, body, login, useTestApp } from '../../test/app';

const t = useTestApp();
const NOW = new Date('2026-11-22T09:00:00Z');

async function analyse(pnr: string) {
  const token = await login(t.app);
  return t.app.inject({
    method: 'POST',
    url: '/shopping/v2/flight/analysis-pnr',
    headers: bearer(token),
    payload: { pnr },
  });
}

describe('POST /shopping/v2/flight/analysis-pnr', () => {
  it('reads an eTerm display: weekday dates, padded columns, locator, FOID and DOCS, unread lines by number', async () => {
    const app = await t.build({}, () => NOW);
    const token = await login(app);
    const pnr = [
      ' 1.ZHANG/SAN MR 2.SMITH/JOHN MR 3.ZHANG/XIAOMING CHD            JX4Y2K',
      ' 4.  CA1501 Y   MO21DEC  PEKSHA HK3   0800 1015          E T3T2',
      ' 5.  MU5102 Y   FR25DEC  SHAPEK RR3   2230 0050+1        E T2T2',
      ' 6.    ARNK',
      ' 7.TL/0600/20DEC/PEK123',
      ' 8.SSR FOID CA HK1 NI110101198001011234/P1',
      ' 9.SSR DOCS CA HK1 P/GBR/533412988/GBR/12MAY80/M/15JAN30/SMITH/JOHN/P2',
      '10.OSI CA CTCT13800138000',
      '11.PEK123',
    ].join('\n');
    const res = await app.inject({
      method: 'POST',
      url: '/shopping/v2/flight/analysis-pnr',
      headers: bearer(token),
      payload: { pnr },
    });
    expect(res.statusCode).toBe(200);
    const result = PnrAnalysisResult.parse(body(res).data);
    expect(result.recordLocator).toBe('JX4Y2K');
    expect(result.segments).toEqual([
      {
        carrier: 'CA',
        flightNumber: '1501',
        bookingClass: 'Y',
        date: '2026-12-21',
        origin: 'PEK',
        destination: 'SHA',
        departureTime: '08:00',
        arrivalTime: '10:15',
        arrivalDayOffset: 0,
        status: 'HK',
      },
      {
        carrier: 'MU',
        flightNumber: '5102',
        bookingClass: 'Y',
        date: '2026-12-25',
        origin: 'SHA',
        destination: 'PEK',
        departureTime: '22:30',
        arrivalTime: '00:50',
        arrivalDayOffset: 1,
        status: 'RR',
      },
    ]);
    expect(result.journeys).toEqual([
      { origin: 'PEK', destination: 'SHA', date: '2026-12-21' },
      { origin: 'SHA', destination: 'PEK', date: '2026-12-25' },
    ]);
    expect(result.passengers).toEqual([
      {
        surname: 'ZHANG',
        givenName: 'SAN',
        title: 'MR',
        type: 'adult',
        document: {
          kind: 'national-id',
          number: '110101198001011234',
          issuingCountry: null,
          nationality: null,
          birthday: null,
          gender: null,
          expiryDate: null,
        },
      },
      {
        surname: 'SMITH',
        givenName: 'JOHN',
        title: 'MR',
        type: 'adult',
        document: {
          kind: 'passport',
          number: '533412988',
          issuingCountry: 'GB',
          nationality: 'GB',
          birthday: '1980-05-12',
          gender: 'male',
          expiryDate: '2030-01-15',
        },
      },
      { surname: 'ZHANG', givenName: 'XIAOMING', title: null, type: 'child', document: null },
    ]);
    expect(result.unread).toEqual([{ line: 4, text: ' 6.    ARNK' }]);
    expect(result.unreadLines).toEqual([' 6.    ARNK']);
  });

  it('reads a Sabre #1 arrival and a two-digit-year itinerary line', async () => {
    const res = await analyse(
      [
        ' 1 UA 888Y 12JAN 2 SFOPEK HK1  1120  2015#1 /DCUA*XYZ987 /E',
        'Flight CX347 05JAN27 HKG-PEK 08:15-11:40',
      ].join('\n'),
    );
    expect(res.statusCode).toBe(200);
    const result = PnrAnalysisResult.parse(body(res).data);
    expect(result.segments.map((s) => [s.carrier + s.flightNumber, s.arrivalDayOffset])).toEqual([
      ['UA888', 1],
      ['CX347', 0],
    ]);
    expect(result.segments[1]?.date).toBe('2027-01-05');
  });

  it('reads a Chinese e-ticket itinerary: Chinese names, bracketed airports, yyyy-mm-dd dates', async () => {
    const res = await analyse(
      [
        '航空运输电子客票行程单',
        '旅客姓名：王芳、欧阳娜娜',
        '航班号：MU5101\u3000舱位：Y',
        '日期：2027-01-08',
        '出发：上海虹桥(SHA) 07:00 T2',
        '到达：北京首都(PEK) 09:15 T2',
        '票号：781-2156789012',
      ].join('\n'),
    );
    expect(res.statusCode).toBe(200);
    const result = PnrAnalysisResult.parse(body(res).data);
    expect(result.segments).toEqual([
      {
        carrier: 'MU',
        flightNumber: '5101',
        bookingClass: 'Y',
        date: '2027-01-08',
        origin: 'SHA',
        destination: 'PEK',
        departureTime: '07:00',
        arrivalTime: '09:15',
        arrivalDayOffset: 0,
        status: null,
      },
    ]);
    expect(result.passengers.map((p) => [p.surname, p.givenName, p.type])).toEqual([
      ['王', '芳', 'adult'],
      ['欧阳', '娜娜', 'adult'],
    ]);
    expect(result.unread).toEqual([]);
  });

  it('answers 422 with the unread lines when no flight can be read', async () => {
    const res = await analyse('1.ZHANG/SAN MR\nplease call me');
    expect(res.statusCode).toBe(422);
    expect(body(res).code).toBe(400005);
  });

  it('refuses an empty or oversized text with the localized 400', async () => {
    expect((await analyse('   ')).statusCode).toBe(400);
    expect((await analyse('A'.repeat(5001))).statusCode).toBe(400);
  });
});
